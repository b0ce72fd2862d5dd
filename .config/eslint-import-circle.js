// A rule of our own: no import circle, counting every kind of import. import-x/no-cycle skips
// type-only imports (and a circle through a lazy `import()` is still a circle of files that know
// each other): ui/order-line-button ↔ ui/order-line-slot and history/order-advice-bar ↔
// order-advice-panel passed it that way. Here every `import`, `import type`, `export … from` and
// `import('…')` of a relative path is an edge; the linted file's own edges come from its text as
// linted (so tests/lint can probe it), the rest of the graph from the files on disk, read once
// per run.
import { existsSync, readFileSync, statSync } from 'node:fs'
import { dirname, relative, resolve } from 'node:path'

const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx']

function resolveImport(from, specifier) {
  if (!specifier.startsWith('.')) return null
  const base = resolve(dirname(from), specifier)
  for (const candidate of [base, ...EXTENSIONS.map((e) => base + e), base.replace(/\.js$/, '.ts')])
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate
  return null
}

const IMPORTS = [
  /\b(?:import|export)\s+(?:type\s+)?[\w*{}\s,$]*?\bfrom\s*['"]([^'"]+)['"]/g,
  /\bimport\s*['"]([^'"]+)['"]/g,
  /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
]
const withoutComments = (text) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '')

/** Edges read from a file on disk, once per lint run. */
const onDisk = new Map()
function edgesOnDisk(file) {
  let edges = onDisk.get(file)
  if (!edges) {
    const text = withoutComments(readFileSync(file, 'utf8'))
    edges = [...new Set(IMPORTS.flatMap((re) => [...text.matchAll(re)].map((m) => resolveImport(file, m[1]))))]
    edges = edges.filter(Boolean)
    onDisk.set(file, edges)
  }
  return edges
}

/** A path from `start` back to `target` over the files on disk, or null. */
function pathBack(start, target) {
  const seen = new Set()
  const stack = [[start, [start]]]
  while (stack.length) {
    const [file, path] = stack.pop()
    if (file === target) return path
    if (seen.has(file)) continue
    seen.add(file)
    for (const next of edgesOnDisk(file)) if (!seen.has(next)) stack.push([next, [...path, next]])
  }
  return null
}

const importCircle = {
  meta: {
    type: 'problem',
    docs: { description: 'No import circle, type-only and lazy imports included.' },
    messages: { circle: 'Import circle: {{path}}. Move what both need to a third file.' },
    schema: [],
  },
  create(context) {
    const file = context.filename
    const cwd = context.cwd
    const check = (node, source) => {
      if (!source || typeof source.value !== 'string') return
      const target = resolveImport(file, source.value)
      if (!target || target === file) return
      const path = pathBack(target, file)
      if (path)
        context.report({
          node,
          messageId: 'circle',
          data: { path: [file, ...path].map((f) => relative(cwd, f)).join(' → ') },
        })
    }
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
    }
  },
}

export const circlePlugin = { rules: { 'import-circle': importCircle } }
