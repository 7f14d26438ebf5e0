import { describe, expect, it } from "vitest";
import { chooseStart } from "../../../src/routing/start-choice";

describe("chooseStart", () => {
  it.each(["/login", "/register", "/forgot-password", "/reset-password", "/login/"])(
    "%s without a session: the guest app, at the visited URL",
    (path) => {
      expect(chooseStart(path, "?redirect=%2Forders", false)).toEqual({ app: "guest" });
    },
  );

  it.each(["/login", "/", "/orders/5", "/no/such/page"])("%s with a session: the full app", (path) => {
    expect(chooseStart(path, "", true)).toEqual({ app: "full" });
  });

  it("/ and /profile without a session: the guest app at /login, the way back in `redirect`", () => {
    expect(chooseStart("/", "", false)).toEqual({ app: "guest", url: "/login?redirect=%2F" });
    expect(chooseStart("/profile", "?tab=password", false)).toEqual({
      app: "guest",
      url: "/login?redirect=%2Fprofile%3Ftab%3Dpassword",
    });
    expect(chooseStart("/profile/", "", false)).toEqual({
      app: "guest",
      url: "/login?redirect=%2Fprofile%2F",
    });
  });

  it.each(["/orders/5", "/unauthorized", "/no/such/page", "/profiles"])(
    "%s without a session: the full app, whose routes know whether it exists",
    (path) => {
      expect(chooseStart(path, "", false)).toEqual({ app: "full" });
    },
  );
});
