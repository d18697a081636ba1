/** Shared set-up for the feeds suites (feeds, votes, perks, tags): users and posts made fast. */
import type { Caller, TestServer } from './harness.ts';
import { createUser, signIn } from './harness.ts';

export interface Actor {
  id: number;
  name: string;
  api: Caller;
}

export async function actor(server: TestServer, name: string, rating = 100): Promise<Actor> {
  const id = await createUser(server.db, { username: name, rating });
  return { id, name, api: await signIn(server, id) };
}

/** Publishes through the real post_create call, so every trigger runs as in production. */
export async function publish(
  who: Actor,
  body: string,
  extra: { title?: string; reply?: number; url?: string } = {},
): Promise<number> {
  const response = await who.api.rpc('post_create', { body, files: [], ...extra });
  if (response.statusCode !== 200) throw new Error(`post_create failed: ${response.body}`);
  return (response.json() as { post: number }).post;
}

export async function rows<T = Record<string, unknown>>(api: Caller, path: string): Promise<T[]> {
  const response = await api.get(path);
  if (response.statusCode !== 200) throw new Error(`${path}: ${response.statusCode} ${response.body}`);
  return response.json() as T[];
}
