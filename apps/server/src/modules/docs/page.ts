import type { OpenApiDocument } from './openapi.js';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** `code` spans of the descriptions, after escaping. */
const prose = (s: string) => esc(s).replace(/`([^`]+)`/g, '<code>$1</code>');

interface Operation {
  tags: string[];
  summary: string;
  description: string;
  deprecated?: boolean;
  parameters?: { name: string; in: string; required: boolean; schema: unknown }[];
  requestBody?: { description?: string; content: Record<string, { schema?: unknown }> };
  responses: Record<string, { description: string; content?: Record<string, unknown> }>;
}

function operationHtml(method: string, path: string, op: Operation): string {
  const params = (op.parameters ?? []).map(
    (p) =>
      `<li><code>${esc(p.name)}</code> (${esc(p.in)}${p.required ? ', required' : ''}): <code>${esc(JSON.stringify(p.schema))}</code></li>`,
  );
  const body = op.requestBody
    ? `<details><summary>Body</summary>${op.requestBody.description ? `<p>${prose(op.requestBody.description)}</p>` : ''}<pre>${esc(
        JSON.stringify(Object.values(op.requestBody.content)[0]?.schema ?? {}, null, 2),
      )}</pre></details>`
    : '';
  const answers = Object.entries(op.responses)
    .filter(([status]) => status !== 'default')
    .map(
      ([status, r]) =>
        `<li>${esc(status)} ${Object.keys(r.content ?? {})
          .map(esc)
          .join(', ')}: ${prose(r.description)}</li>`,
    );
  return `<section id="${esc(`${method}-${path}`)}">
<h3><span class="m">${esc(method.toUpperCase())}</span> <code>${esc(path)}</code>${op.deprecated ? ' <small>(old call)</small>' : ''}</h3>
<p>${prose(op.summary)}</p><p class="roles">${prose(op.description)}</p>
${params.length ? `<ul>${params.join('')}</ul>` : ''}${body}<ul>${answers.join('')}</ul></section>`;
}

/** The document as a readable page: no script, no external asset, grouped by section. */
export function openApiPage(doc: OpenApiDocument): string {
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(methods as Record<string, Operation>)) {
      const tag = op.tags[0] ?? 'Other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), operationHtml(method, path, op)]);
    }
  const sections = [...byTag].map(([tag, ops]) => `<h2 id="${esc(tag)}">${esc(tag)}</h2>\n${ops.join('\n')}`);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(doc.info.title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:960px;margin:2rem auto;padding:0 1rem;color:#212529;line-height:1.45}
section{border-top:1px solid #dee2e6;padding:.25rem 0}h3{font-size:1rem;margin:.75rem 0 .25rem}.m{display:inline-block;min-width:4.5rem;color:#1c5a8c}
.roles{color:#495057}pre{background:#f1f3f5;padding:.5rem;overflow:auto;font-size:.85rem}code{overflow-wrap:anywhere}</style></head>
<body><main><h1>${esc(doc.info.title)} <small>${esc(doc.info.version)}</small></h1>
<p>${prose(doc.info.description)}</p>
<p><a href="/api/docs/openapi.json">The OpenAPI 3.1 document (JSON)</a> for tools that generate clients. Errors are <code>{ type, message, details? }</code>.</p>
<nav aria-label="Sections"><ul>${[...byTag.keys()].map((t) => `<li><a href="#${esc(t)}">${esc(t)}</a></li>`).join('')}</ul></nav>
${sections.join('\n')}
</main></body></html>`;
}
