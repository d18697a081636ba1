// The asynchronous boundary Module Federation needs: the shared singletons (React, the router,
// shared-api, shared-ui) are negotiated before any of them is imported.
import('./bootstrap');
