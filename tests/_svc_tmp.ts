import { startTestService } from "./_support/service.ts";
const service = await startTestService();
console.log("BASE", service.base);
await new Promise((r) => setTimeout(r, 600_000));
