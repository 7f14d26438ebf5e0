// Spec §9: scrolling animates over 300 ms. Browsers' smooth scrolling has no fixed duration,
// so the animation is driven here.

export const SCROLL_DURATION_MS = 300;

// Ease in-out: starts and ends gently, like the native smooth scroll.
const ease = (t: number) => (t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2);

export function scrollToTop(target: Pick<Window, "scrollY" | "scrollTo"> = window): Promise<void> {
  const start = target.scrollY;
  if (start <= 0) return Promise.resolve();
  const reduceMotion = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
  if (reduceMotion || typeof requestAnimationFrame !== "function") {
    target.scrollTo(0, 0);
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    let began: number | undefined;
    const step = (now: number) => {
      began ??= now;
      const progress = Math.min(1, (now - began) / SCROLL_DURATION_MS);
      target.scrollTo(0, Math.round(start * (1 - ease(progress))));
      if (progress < 1) requestAnimationFrame(step);
      else resolve();
    };
    requestAnimationFrame(step);
  });
}
