// Shared doubles for the auth tests: config values, axios-shaped errors and a profile.
import { AxiosError, type AxiosResponse } from "axios";
import type { ProfileUser } from "../../../src/auth/profile-store";

export const TENANT_ID = 7;

export const testConfig = {
  mode: "develop",
  tenantId: TENANT_ID,
  apiBaseUrl: "/api/v1",
  defaultAgentId: 30,
  firebase: {
    apiKey: "key",
    authDomain: "demo.firebaseapp.com",
    projectId: "demo",
    storageBucket: "demo.appspot.com",
    messagingSenderId: "1",
    appId: "app",
  },
};

/** An axios error as the shared client would see it for an answer with `status` and `data`. */
export function httpError(status: number, data: unknown): AxiosError {
  const response = { status, data, statusText: "", headers: {}, config: {} } as AxiosResponse;
  return new AxiosError(
    `Request failed with status code ${status}`,
    "ERR_BAD_RESPONSE",
    undefined,
    {},
    response,
  );
}

export function networkError(): AxiosError {
  return new AxiosError("Network Error", "ERR_NETWORK");
}

export const user: ProfileUser = {
  id: 3,
  name: "Ada Printer",
  email: "ada@example.test",
  UserGroups: [
    {
      Groups: {
        id: 1,
        name: "Staff",
        is_admin: false,
        Sites: [{ id: 1, name: "Main", tenant_id: TENANT_ID }],
        GroupRoles: [{ Roles: { id: 1, name: "Clerk", permissions: { Order: ["ReadAny"] } } }],
      },
    },
  ],
};

export function goTo(pathWithQuery: string): void {
  window.history.replaceState(null, "", pathWithQuery);
}
