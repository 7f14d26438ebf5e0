export const SERVER_BUNDLE: string;
export const SERVER_NODE_FLAGS: string[];
export function buildServer(): Promise<number>;
