// React.lazy for route pages, so each page's code loads only when visited. A failed load
// always surfaces as a ChunkLoadError: when the vite:preloadError handler prevents Vite's
// throw, the import resolves with undefined instead, and React's own error for that is unhelpful.
import { type ComponentType, type LazyExoticComponent, lazy } from "react";
import { ChunkLoadError, isChunkLoadError } from "./chunk-recovery";

// biome-ignore lint/suspicious/noExplicitAny: the same constraint React.lazy itself uses
export function lazyPage<T extends ComponentType<any>>(
  load: () => Promise<{ default: T } | undefined>,
): LazyExoticComponent<T> {
  return lazy(async () => {
    let module: { default: T } | undefined;
    try {
      module = await load();
    } catch (error) {
      if (isChunkLoadError(error)) throw new ChunkLoadError("A page could not be loaded", { cause: error });
      throw error;
    }
    if (!module?.default) throw new ChunkLoadError("A page could not be loaded");
    return module as { default: T };
  });
}
