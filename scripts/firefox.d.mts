/** The path of a Firefox binary, found or installed; exits the process with advice when there is none. */
export function findFirefox(): string;
