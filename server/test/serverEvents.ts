/**
 * Server-Sent Events as a test reads them (`GET /api/live`): each `event:` with its JSON
 * `data:` line, in order, until the stream ends or its request is aborted. One parser for the
 * suites that listen in-process (live.test.ts) and to a server process (processes.ts).
 */
export async function readServerEvents(
  body: NonNullable<Response['body']>,
  onEvent: (event: string, data: unknown) => void,
): Promise<void> {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      text += value;
      let end = text.indexOf('\n\n');
      while (end >= 0) {
        const block = text.slice(0, end);
        text = text.slice(end + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event && data) onEvent(event, JSON.parse(data));
        end = text.indexOf('\n\n');
      }
    }
  } catch {
    // aborted, or the server went away
  }
}
