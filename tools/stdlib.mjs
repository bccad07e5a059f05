/* The engine's share of Python's standard library, made at build time (tools/build.py: engine_stdlib).

   node tools/stdlib.mjs <pyodide folder> <engine zip> <target zip> <module,module,...>

   Boots the pinned Pyodide under Node with its whole library, unpacks the engine and runs
   tools/stdlib_share.py, which imports the modules and writes the share; prints how many files it holds. */

import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const [folder, engineZip, target, imports] = process.argv.slice(2);
const { loadPyodide } = await import(join(folder, "pyodide.mjs"));
const pyodide = await loadPyodide({ indexURL: folder + "/" });
pyodide.unpackArchive(new Uint8Array(readFileSync(engineZip)), "zip");
const stdlib = pyodide.runPython("import sys; next(path for path in sys.path if path.endswith('.zip'))");
const names = { __name__: "__main__", IMPORTS: imports.split(","), SOURCE: stdlib, TARGET: "/tmp/share.zip" };
const globals = pyodide.toPy(names);
const code = readFileSync(new URL("./stdlib_share.py", import.meta.url), "utf8");
pyodide.runPython(code, { globals });
writeFileSync(target, pyodide.FS.readFile("/tmp/share.zip"));
console.log(globals.get("COUNT"));
