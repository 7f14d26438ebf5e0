// Google sign-in against the Firebase Auth emulator, without the internet.
//
// The popup flow of the Firebase JS SDK talks to a helper iframe through Google's "gapi" iframes library, which
// both the SDK and the emulator's helper page load from https://apis.google.com/js/api.js; the emulator's fake
// Google page also pulls its looks from unpkg.com and Google Fonts. None of that is reachable in CI, so every
// request that leaves 127.0.0.1 is answered here: api.js with GAPI_STAND_IN below (a minimal postMessage
// version of the few gapi calls the SDK and the emulator make), anything else with an empty body. The hosts
// asked for are recorded, so a test can check that nothing else was wanted.
import { test as base, expect, type Page } from "@playwright/test";

// Runs in the app's page (the SDK's side) and in the emulator's helper iframe (getParentIframe()).
// Each side keeps handlers by name; a message for a name not registered yet waits for its handler, as the
// emulator's iframe sends its first event before the SDK has registered for it.
const GAPI_STAND_IN = `(() => {
  if (window.gapi && window.gapi.iframes) return;
  const TAG = "pressroom-gapi-stand-in";
  const channels = [];
  let nextId = 1;

  function channel(target) {
    const handlers = {};
    const waiting = {};
    const replies = {};
    const readyCallbacks = [];
    const self = {
      target,
      ready: false,
      post(message) {
        target.postMessage(Object.assign({ [TAG]: true }, message), "*");
      },
      answer(id, name, data) {
        let result;
        try {
          result = handlers[name](data);
        } catch (error) {
          console.error(error);
        }
        self.post({ kind: "reply", id, result: result === undefined ? [] : [result] });
      },
      receive(message) {
        if (message.kind === "hello") {
          self.ready = true;
          readyCallbacks.splice(0).forEach((callback) => callback());
        } else if (message.kind === "call") {
          if (handlers[message.name]) self.answer(message.id, message.name, message.data);
          else (waiting[message.name] = waiting[message.name] || []).push(message);
        } else if (message.kind === "reply" && replies[message.id]) {
          const callback = replies[message.id];
          delete replies[message.id];
          try {
            callback(message.result);
          } catch (error) {
            // gapi swallows what a callback throws; the SDK relies on it.
          }
        }
      },
      register(name, handler) {
        handlers[name] = handler;
        (waiting[name] || []).splice(0).forEach((message) => self.answer(message.id, name, message.data));
      },
      send(name, data, callback) {
        const id = nextId++;
        if (callback) replies[id] = callback;
        self.post({ kind: "call", id, name, data });
      },
      whenReady(callback) {
        if (self.ready) callback();
        else readyCallbacks.push(callback);
      },
    };
    channels.push(self);
    return self;
  }

  window.addEventListener("message", (event) => {
    const message = event.data;
    if (!message || message[TAG] !== true) return;
    const from = channels.find((c) => c.target === event.source);
    if (from) from.receive(message);
  });

  function frameOf(ch, element) {
    return {
      register: (name, handler) => ch.register(name, handler),
      send: (name, data, callback) => ch.send(name, data, callback),
      ping: (callback) =>
        new Promise((resolve) =>
          ch.whenReady(() => {
            if (callback) callback();
            resolve([]);
          }),
        ),
      restyle: () => Promise.resolve(),
      getIframeEl: () => element,
    };
  }

  const context = {
    open(options, onOpened) {
      const element = document.createElement("iframe");
      const attributes = options.attributes || {};
      for (const key of Object.keys(attributes)) {
        if (key === "style") Object.assign(element.style, attributes.style);
        else element.setAttribute(key, attributes[key]);
      }
      element.src = options.url;
      (options.where || document.body).appendChild(element);
      const frame = frameOf(channel(element.contentWindow), element);
      return Promise.resolve(onOpened ? onOpened(frame) : undefined).then(() => frame);
    },
    getParentIframe() {
      return frameOf(channels.find((c) => c.target === window.parent) || channel(window.parent));
    },
  };

  window.gapi = {
    load(name, options) {
      const callback = typeof options === "function" ? options : options && options.callback;
      setTimeout(() => callback && callback(), 0);
    },
    iframes: { getContext: () => context, CROSS_ORIGIN_IFRAMES_FILTER: () => true },
  };

  if (window.parent !== window) {
    channel(window.parent);
    window.parent.postMessage({ [TAG]: true, kind: "hello" }, "*");
  }
  const script = document.currentScript;
  const onload = script && script.src ? new URL(script.src).searchParams.get("onload") : null;
  setTimeout(() => {
    if (onload && typeof window[onload] === "function") window[onload]();
    if (typeof window.gapi_onload === "function") window.gapi_onload();
  }, 0);
})();
`;

/** The server started with the emulator as its identity provider (playwright.config.ts, "sso-server"). */
export const SSO_BASE_URL = `http://127.0.0.1:${process.env.E2E_SSO_PORT ?? 48081}`;

const LOCAL_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);
/** What the popup flow and the emulator's pages ask the internet for, all answered locally. */
export const EXPECTED_EXTERNAL_HOSTS = ["apis.google.com", "fonts.googleapis.com", "unpkg.com"];

const CONTENT_TYPES: Record<string, string> = { ".css": "text/css", ".js": "text/javascript" };

export const test = base.extend<{ externalHosts: Set<string> }>({
  externalHosts: [
    async ({ context }, use) => {
      const hosts = new Set<string>();
      await context.route(
        (url) => !LOCAL_HOSTS.has(url.hostname),
        async (route) => {
          const url = new URL(route.request().url());
          hosts.add(url.hostname);
          if (url.hostname === "apis.google.com" && url.pathname === "/js/api.js") {
            await route.fulfill({ contentType: "text/javascript", body: GAPI_STAND_IN });
            return;
          }
          const extension = url.pathname.match(/\.[a-z]+$/)?.[0] ?? "";
          const contentType =
            CONTENT_TYPES[extension] ?? (url.hostname === "fonts.googleapis.com" ? "text/css" : "text/plain");
          await route.fulfill({ contentType, body: "" });
        },
      );
      await use(hosts);
    },
    { auto: true },
  ],
});

export { expect };

export interface GoogleAccount {
  email: string;
  name: string;
}

/** Clicks the page's Google button and returns the emulator's fake Google window it opens. */
export async function openGoogleWindow(page: Page, buttonName: string): Promise<Page> {
  const opened = page.waitForEvent("popup");
  await page.getByRole("button", { name: buttonName }).click();
  // Should the SDK fail before it opens the window (it shows its error on the page), say so at once.
  const error = page.locator(".ant-alert-error");
  const popup = await Promise.race([opened, error.waitFor().then(() => null)]);
  if (!popup) throw new Error(`No Google window opened; the page says: ${await error.textContent()}`);
  // The provider's name is filled in by the page's script: it ran.
  await expect(popup.getByText("Sign-in with Google.com")).toBeVisible();
  return popup;
}

/**
 * In the emulator's fake Google window: adds an account with these details (the emulator marks its email as
 * verified) and signs in with it. Resolves once the window is gone: the SDK closes it after the hand-over.
 */
export async function signInWithNewAccount(popup: Page, account: GoogleAccount) {
  const closed = popup.waitForEvent("close");
  await popup.getByText("Add new account").click();
  await popup.locator("#email-input").fill(account.email);
  await popup.locator("#display-name-input").fill(account.name);
  await popup.locator("#sign-in").click();
  await closed;
}

/** In the emulator's fake Google window: picks an account it already knows, by email. */
export async function signInWithKnownAccount(popup: Page, email: string) {
  const closed = popup.waitForEvent("close");
  await popup.locator(".js-reuse-account", { hasText: email }).click();
  await closed;
}
