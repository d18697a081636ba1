// The asynchronous boundary Module Federation needs: the shared singletons (React, the router,
// shared-api, shared-ui) are negotiated before any of them is imported. The chunk is named so the
// server can preload it with the page (rspack.config.ts lists its files).
//
// In a task of its own: the federation runtime has just started in this one, and the shared
// modules' negotiation and the shell's modules would make the two one long task (on a page the
// server drew, after its first paint, where a slow phone's visitor may already scroll or tap).
setTimeout(() => import(/* webpackChunkName: "bootstrap" */ './bootstrap'), 0);
