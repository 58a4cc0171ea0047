export function coreCountsTable(output: string): string;
/** Each generated file's text as it should be: file, relative to the root → text. */
export function generatedDocs(root?: string): Map<string, string>;
