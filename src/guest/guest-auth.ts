// The calls the guest pages make, through a context so tests can stand in for the server.
import { createContext, useContext } from "react";
import { forgotPassword, login, register, updatePassword } from "../providers/auth-actions";
import { ssoAvailability } from "../providers/sso-availability";

export interface GuestAuth {
  login: typeof login;
  register: typeof register;
  forgotPassword: typeof forgotPassword;
  updatePassword: typeof updatePassword;
  /** Whether Google sign-in is configured here (sso-availability.ts). */
  ssoAvailability: typeof ssoAvailability;
}

export const guestAuth: GuestAuth = { login, register, forgotPassword, updatePassword, ssoAvailability };

export const GuestAuthContext = createContext<GuestAuth>(guestAuth);

export function useGuestAuth(): GuestAuth {
  return useContext(GuestAuthContext);
}
