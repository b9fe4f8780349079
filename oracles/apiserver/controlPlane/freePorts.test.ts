import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { freePorts } from "./localControlPlane.ts";

const bindable = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = createServer();
    s.once("error", () => resolve(false));
    s.listen(port, "127.0.0.1", () => s.close(() => resolve(true)));
  });

describe("the local control plane's ports", () => {
  it("are distinct within a start, and free once chosen", async () => {
    for (let i = 0; i < 100; i++) {
      const ports = await freePorts(3);
      expect(new Set(ports).size).toBe(3);
      for (const p of ports) expect(p).toBeGreaterThan(0);
    }
    const ports = await freePorts(3);
    expect(await Promise.all(ports.map(bindable))).toEqual([true, true, true]);
  });
});
