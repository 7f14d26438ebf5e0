import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { fieldError } from "../http/errors";
import { requestPasswordReset, resetPassword } from "./password-resets";
import { newPasswordSchema } from "./passwords";
import { isAllowedAppLink } from "./redirect-links";
import {
  emailSchema,
  errorAnswers,
  messageAnswerSchema,
  nullAnswerSchema,
  tenantIdSchema,
  tokenSchema,
} from "./schemas";

export const RESET_LINK_SENT = "Password reset link sent to your email";

export const passwordRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/forgot-password",
    {
      schema: {
        summary: "Mail a password-reset link",
        description:
          "The answer is the same whether or not the email has an account. The link is redirectLink?token=…",
        tags: ["auth"],
        body: z.strictObject({
          email: emailSchema,
          tenantId: tenantIdSchema,
          redirectLink: z.url({ protocol: /^https?$/, error: "Enter an http(s) address" }).max(2048),
        }),
        response: { 200: messageAnswerSchema, ...errorAnswers(400) },
      },
    },
    async (request) => {
      const { email, tenantId, redirectLink } = request.body;
      if (!isAllowedAppLink(app.config, redirectLink)) {
        throw fieldError("redirectLink", "This address is not one of this server's apps (see APP_ORIGINS)");
      }
      await requestPasswordReset(app.db, app.mailer, { email, tenantId, redirectLink });
      return { message: RESET_LINK_SENT };
    },
  );

  app.post(
    "/reset-password",
    {
      schema: {
        summary: "Choose a new password with a reset link's token",
        description: "The token works once, for one hour; all sessions of the account end.",
        tags: ["auth"],
        body: z.strictObject({ token: tokenSchema, password: newPasswordSchema, tenantId: tenantIdSchema }),
        response: { 200: nullAnswerSchema, ...errorAnswers(400) },
      },
    },
    async (request) => {
      if (!(await resetPassword(app.db, request.body))) {
        throw fieldError("token", "This reset link is invalid, used or expired; ask for a new one");
      }
      return { data: null };
    },
  );
};
