import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { startServer, type RunningServer } from '../../src/server';

// The core keeps a catalogue per environment and address: on the port it had last time, the embedded service
// is the same address, so the shop's stored copy is found again instead of a new one synced (and another file).
const DemoPort = z.object({ port: z.number().int().min(1).max(65_535) });
const PORT_FILE = 'demo-service.json';

/** The port the demo service had last on this data folder; none when never started, or the file is unreadable. */
function rememberedPort(dataDir: string): number | undefined {
  try {
    const read = DemoPort.safeParse(JSON.parse(readFileSync(join(dataDir, PORT_FILE), 'utf8')));
    return read.success ? read.data.port : undefined;
  } catch {
    return undefined;
  }
}

const inUse = (error: unknown) => error instanceof Error && 'code' in error && error.code === 'EADDRINUSE';

/** The embedded reference service on its port of last time when that is free, else a new one (then remembered). */
export async function startDemoService(dataDir: string): Promise<RunningServer> {
  const options = { dbPath: join(dataDir, 'demo.db'), seed: 'demo' as const };
  const port = rememberedPort(dataDir);
  const service = await startServer({ ...options, port: port ?? 0 }).catch((error: unknown) => {
    if (port === undefined || !inUse(error)) throw error;
    return startServer({ ...options, port: 0 });
  });
  const listening = Number(new URL(service.url).port);
  if (listening !== port) writeFileSync(join(dataDir, PORT_FILE), JSON.stringify({ port: listening }));
  return service;
}
