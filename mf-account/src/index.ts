// Standalone entry: the remote is meant to be loaded by the shell through its manifest.
export {};
