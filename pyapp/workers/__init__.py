"""The Pyodide workers' entries: the engine's worker and the thinker (started by assets/engine-worker.mjs)."""
