/**
 * The server's Node flags (SERVER_NODE_FLAGS in node.mjs) reach the server wherever it is started:
 * the launchers written in JavaScript import them; the systemd unit cannot, so it is read here.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { SERVER_NODE_FLAGS } from './node.mjs';

const root = path.resolve(import.meta.dirname, '..');

test("the systemd unit starts the server with the server's Node flags", () => {
  const unit = readFileSync(path.join(root, 'deploy', 'systemd', 'gwar@.service'), 'utf8');
  const execStart = unit.split('\n').find((line) => line.startsWith('ExecStart='));
  assert.ok(execStart, 'the unit has an ExecStart line');
  const args = execStart.slice('ExecStart='.length).split(/\s+/);
  assert.match(args[0], /\/node$/);
  assert.deepEqual(args.slice(1, 1 + SERVER_NODE_FLAGS.length), SERVER_NODE_FLAGS);
  assert.deepEqual(args.slice(1 + SERVER_NODE_FLAGS.length), ['--import', 'tsx', 'src/main.ts']);
});
