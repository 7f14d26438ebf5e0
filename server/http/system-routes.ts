import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";

// Routes a load balancer, a monitor or a client generator calls without a session.
export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/health",
    {
      schema: {
        summary: "Liveness check",
        tags: ["system"],
        response: { 200: z.object({ data: z.object({ status: z.literal("ok") }) }) },
      },
    },
    async () => ({ data: { status: "ok" as const } }),
  );

  app.get("/openapi.json", { schema: { hide: true } }, async () => app.swagger());
};
