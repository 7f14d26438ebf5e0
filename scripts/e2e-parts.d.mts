export const EVERYDAY: string[];
export function e2ePart(value?: string): "everyday" | "rest" | undefined;
export function specRuns(name: string, part: "everyday" | "rest" | undefined, files: string[]): boolean;
