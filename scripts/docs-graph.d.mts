export const SOURCES: string[];
export const ROOT: string;
export function importsOf(text: string): { specifier: string; typeOnly: boolean }[];
export function resolveImport(root: string, fromFile: string, specifier: string): string | null;
export function folderOf(file: string): string | null;
export function folderEdges(root: string): { from: string; to: string; typeOnly: boolean }[];
export function importGraph(root: string): string;
export function replaceBlock(text: string, name: string, content: string): string;
