/**
 * HTTP agents that connect only to public addresses, checked after DNS (request-filtering-agent):
 * for requests to addresses an attacker chooses, a link's preview (previews/fetch.ts) and a push
 * subscription's endpoint (notify/push.ts). Loopback only where a setting allows it (the tests'
 * local servers).
 */
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';

const LOOPBACK = ['127.0.0.1', '::1'];

export function publicOnlyAgents(options: { allowLoopback: boolean; keepAlive: boolean }) {
  const agentOptions = {
    allowIPAddressList: options.allowLoopback ? LOOPBACK : [],
    keepAlive: options.keepAlive,
  };
  return {
    http: new RequestFilteringHttpAgent(agentOptions),
    https: new RequestFilteringHttpsAgent(agentOptions),
  };
}
