// The asynchronous boundary Module Federation needs: the shared singletons (React, the router,
// shared-api, shared-ui) are negotiated before any of them is imported. The chunk is named so the
// server can preload it with the page (rspack.config.ts lists its files).
import(/* webpackChunkName: "bootstrap" */ './bootstrap');
