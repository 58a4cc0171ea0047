/** The path of a Chromium binary, found or installed; exits the process with advice when there is none. */
export function findChromium(): string;
