// The unit tests' src/routing/page-load.ts (vitest.config.ts puts it in the real module's place): a page load is
// what jsdom cannot do, so the crossings between the guest app and the full app are spies. One module in each
// worker's shared module graph, so the app's modules and the test files call and inspect the same spies; setup.ts
// empties them before each test. (Each of its files used to mock the module itself, which cost every one of them
// an isolated worker that loaded antd, Refine and jsdom again.)
import { vi } from "vitest";

export const assignPage = vi.fn<(url: string) => void>();
export const replacePage = vi.fn<(url: string) => void>();
