/* The workers' Python, compiled at build time (tools/build.py: worker_python; see tools/worker_python.py).

   node tools/worker_python.mjs <pyodide folder> <engine zip> <target share zip> <module,module,...>

   Boots the pinned Pyodide under Node with its whole library, unpacks the engine and runs
   tools/worker_python.py, which imports the modules, writes the share of the standard library and
   rewrites the engine's zip with its bytecode; prints what it wrote. */

import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const [folder, engineZip, target, imports] = process.argv.slice(2);
const { loadPyodide } = await import(join(folder, "pyodide.mjs"));
const pyodide = await loadPyodide({ indexURL: folder + "/" });
const engine = new Uint8Array(readFileSync(engineZip));
pyodide.unpackArchive(engine, "zip");
pyodide.FS.writeFile("/tmp/engine.zip", engine);
const stdlib = pyodide.runPython("import sys; next(path for path in sys.path if path.endswith('.zip'))");
const names = { IMPORTS: imports.split(","), SOURCE: stdlib, TARGET: "/tmp/share.zip", ENGINE: "/tmp/engine.zip" };
const globals = pyodide.toPy({ __name__: "__main__", ...names });
pyodide.runPython(readFileSync(new URL("./worker_python.py", import.meta.url), "utf8"), { globals });
writeFileSync(target, pyodide.FS.readFile("/tmp/share.zip"));
writeFileSync(engineZip, pyodide.FS.readFile("/tmp/engine.zip"));
console.log(globals.get("DONE"));
