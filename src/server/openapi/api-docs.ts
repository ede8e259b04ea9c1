/**
 * /api/docs: the OpenAPI document (openapi.ts) as a readable HTML reference page. Rendered on the
 * server once, when the app is created (the document never changes while it runs), as one static
 * page with its own <style> and no script, so it needs nothing the CSP does not already allow and
 * adds nothing to the client's bundle. Everything the document says is HTML-escaped.
 */
import type { Context } from 'hono';
import { escapeHtml } from '../pages/html.ts';
import type { JsonSchema, Method, OpenApiDocument, Operation, Parameter, Response } from './document.ts';

/** Escaped text, with the document's `code` spans (Markdown backticks) as <code>. */
const prose = (text: string) => escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');

const SCHEMA_REF = '#/components/schemas/';
const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
const schemaAnchor = (name: string) => `schema-${slug(name)}`;
const tagAnchor = (name: string) => `tag-${slug(name)}`;
const operationAnchor = (operationId: string) => `op-${slug(operationId)}`;

const STATUS_TEXT: Record<string, string> = {
  '200': 'OK',
  '201': 'Created',
  '204': 'No Content',
  '400': 'Bad Request',
  '401': 'Unauthorized',
  '403': 'Forbidden',
  '404': 'Not Found',
  '409': 'Conflict',
  '413': 'Content Too Large',
  '422': 'Unprocessable Content',
  '429': 'Too Many Requests',
  '500': 'Internal Server Error',
  '503': 'Service Unavailable',
};

/** The component a schema names when it is only a `$ref` to one. */
function refName(schema: JsonSchema): string | null {
  const ref = schema.$ref;
  if (typeof ref !== 'string' || Object.keys(schema).length !== 1 || !ref.startsWith(SCHEMA_REF)) return null;
  return ref.slice(SCHEMA_REF.length);
}

const schemaLink = (name: string) => `<a href="#${schemaAnchor(name)}">${escapeHtml(name)}</a>`;

/** A schema as pretty-printed JSON, each `$ref` to a named schema a link to it. */
function schemaJson(schema: JsonSchema): string {
  const text = escapeHtml(JSON.stringify(schema, null, 2)).replace(
    /&quot;#\/components\/schemas\/([A-Za-z0-9_]+)&quot;/g,
    (_, name: string) => `&quot;<a href="#${schemaAnchor(name)}">${SCHEMA_REF}${name}</a>&quot;`,
  );
  return `<pre><code>${text}</code></pre>`;
}

/** Each media type with its schema: a link when it names one, else the schema itself. */
function contentHtml(content: Record<string, { schema: JsonSchema }> | undefined): string {
  if (!content) return '';
  return Object.entries(content)
    .map(([type, { schema }]) => {
      const name = refName(schema);
      const media = `<p class="media"><code>${escapeHtml(type)}</code>`;
      return name ? `${media}: ${schemaLink(name)}</p>` : `${media}:</p>${schemaJson(schema)}`;
    })
    .join('');
}

function parametersHtml(parameters: Parameter[]): string {
  const rows = parameters
    .map(
      (p) =>
        `<tr><th scope="row"><code>${escapeHtml(p.name)}</code></th><td>${escapeHtml(p.in)}</td>` +
        `<td>${p.required ? 'yes' : 'no'}</td><td><code>${escapeHtml(JSON.stringify(p.schema))}</code></td>` +
        `<td>${p.description ? prose(p.description) : ''}</td></tr>`,
    )
    .join('');
  return (
    '<h4>Parameters</h4><table><thead><tr><th scope="col">Name</th><th scope="col">In</th>' +
    '<th scope="col">Required</th><th scope="col">Schema</th><th scope="col">Description</th></tr></thead>' +
    `<tbody>${rows}</tbody></table>`
  );
}

function responseHtml(status: string, response: Response): string {
  const headers = Object.entries(response.headers ?? {})
    .map(([name, h]) => `<li><code>${escapeHtml(name)}</code>: ${prose(h.description)}</li>`)
    .join('');
  return (
    `<div class="response"><h5><span class="status s${escapeHtml(status[0] ?? '')}">${escapeHtml(status)}</span> ` +
    `${escapeHtml(STATUS_TEXT[status] ?? '')}</h5><p>${prose(response.description)}</p>` +
    (headers ? `<p>Headers:</p><ul>${headers}</ul>` : '') +
    `${contentHtml(response.content)}</div>`
  );
}

function securityText(security: Operation['security']): string {
  if (!security?.length) return 'None: anyone may call it.';
  if (security.some((requirement) => Object.keys(requirement).length === 0)) {
    return 'Optional: the session cookie, when sent, is taken into account.';
  }
  return 'Required: the session cookie (sign in through <code>/api/auth</code>).';
}

function operationHtml(method: Method, path: string, op: Operation): string {
  const id = operationAnchor(op.operationId);
  return (
    `<article class="operation" aria-labelledby="${id}"><h3 id="${id}">` +
    `<span class="method ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>` +
    `<p class="summary">${prose(op.summary)}</p>` +
    (op.description ? `<p>${prose(op.description)}</p>` : '') +
    `<p class="auth"><strong>Sign-in:</strong> ${securityText(op.security)}</p>` +
    `<p class="opid">Operation id: <code>${escapeHtml(op.operationId)}</code></p>` +
    (op.parameters?.length ? parametersHtml(op.parameters) : '') +
    (op.requestBody ? `<h4>Request body</h4>${contentHtml(op.requestBody.content)}` : '') +
    '<h4>Responses</h4>' +
    Object.entries(op.responses)
      .map(([status, response]) => responseHtml(status, response))
      .join('') +
    '</article>'
  );
}

const STYLE = `
:root { color-scheme: light dark; --fg: #1a1a1a; --bg: #fff; --muted: #555; --line: #d4d4d4; --code: #f4f4f5; --link: #0b57d0; }
@media (prefers-color-scheme: dark) {
  :root { --fg: #ececec; --bg: #141414; --muted: #b0b0b0; --line: #3a3a3a; --code: #1f1f1f; --link: #8ab4f8; }
}
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, sans-serif; color: var(--fg); background: var(--bg); }
a { color: var(--link); }
.skip { position: absolute; left: -999px; }
.skip:focus { left: 1rem; top: 1rem; background: var(--bg); padding: .5rem; }
header, nav, main, footer { max-width: 64rem; margin: 0 auto; padding: 1rem 1.5rem; }
header { border-bottom: 1px solid var(--line); }
nav ul { padding-left: 1.25rem; }
nav > ul > li { margin-bottom: .5rem; }
code, pre { font: 0.875rem/1.45 ui-monospace, SFMono-Regular, Menlo, monospace; }
pre { background: var(--code); padding: .75rem; border-radius: 4px; white-space: pre-wrap; overflow-wrap: anywhere; }
section.tag { border-top: 2px solid var(--line); margin-top: 2rem; }
.operation { border: 1px solid var(--line); border-radius: 6px; padding: 0 1rem 1rem; margin: 1.5rem 0; }
.operation h3 { word-break: break-all; }
.method { display: inline-block; min-width: 4.5rem; text-align: center; border-radius: 4px; padding: 0 .4rem;
  font: 700 .875rem/1.8 ui-monospace, monospace; color: #fff; background: #3f3f46; }
.method.get { background: #1d6b3a; } .method.post { background: #0b57d0; } .method.put { background: #8a4b00; }
.method.patch { background: #6b3fa0; } .method.delete { background: #b3261e; }
.status { font-family: ui-monospace, monospace; font-weight: 700; }
.summary { font-weight: 600; }
.muted, .opid { color: var(--muted); font-size: .875rem; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; vertical-align: top; overflow-wrap: anywhere; border-bottom: 1px solid var(--line); padding: .35rem .5rem; }
td code { word-break: break-all; }
.response { border-left: 3px solid var(--line); padding-left: .75rem; margin: .75rem 0; }
.response h5 { font-size: 1rem; margin: 0; }
.response p { margin: .25rem 0; }
[id] { scroll-margin-top: 1rem; }
`;

/** The whole page for a document. */
export function renderApiDocs(doc: OpenApiDocument): string {
  const byTag = new Map(doc.tags.map((tag) => [tag.name, [] as [Method, string, Operation][]]));
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item) as [Method, Operation][]) {
      const tag = op.tags[0] ?? 'Other';
      if (!byTag.has(tag)) byTag.set(tag, []);
      byTag.get(tag)!.push([method, path, op]);
    }
  }
  const describe = new Map(doc.tags.map((tag) => [tag.name, tag.description]));

  const contents = [...byTag]
    .map(
      ([tag, ops]) =>
        `<li><a href="#${tagAnchor(tag)}">${escapeHtml(tag)}</a><ul>` +
        ops
          .map(
            ([method, path, op]) =>
              `<li><a href="#${operationAnchor(op.operationId)}">${method.toUpperCase()} ${escapeHtml(path)}</a></li>`,
          )
          .join('') +
        '</ul></li>',
    )
    .join('');

  const sections = [...byTag]
    .map(
      ([tag, ops]) =>
        `<section class="tag" aria-labelledby="${tagAnchor(tag)}"><h2 id="${tagAnchor(tag)}">${escapeHtml(tag)}</h2>` +
        (describe.get(tag) ? `<p>${prose(describe.get(tag)!)}</p>` : '') +
        ops.map(([method, path, op]) => operationHtml(method, path, op)).join('') +
        '</section>',
    )
    .join('');

  const schemas = Object.entries(doc.components.schemas)
    .map(
      ([name, schema]) =>
        `<section aria-labelledby="${schemaAnchor(name)}"><h3 id="${schemaAnchor(name)}">${escapeHtml(name)}</h3>` +
        `${schemaJson(schema)}</section>`,
    )
    .join('');

  const title = `${doc.info.title} reference`;
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    `<style>${STYLE}</style>`,
    '</head>',
    '<body>',
    '<a class="skip" href="#main">Skip to the reference</a>',
    '<header>',
    `<h1>${escapeHtml(title)}</h1>`,
    `<p class="muted">Version ${escapeHtml(doc.info.version)} · OpenAPI ${escapeHtml(doc.openapi)} · ` +
      '<a href="/api/openapi.json">The OpenAPI document (JSON)</a></p>',
    `<p>${prose(doc.info.description)}</p>`,
    '</header>',
    `<nav aria-label="Endpoints" class="contents"><ul>${contents}<li><a href="#schemas">Schemas</a></li></ul></nav>`,
    '<main id="main">',
    sections,
    `<section class="tag" aria-labelledby="schemas"><h2 id="schemas">Schemas</h2>${schemas}</section>`,
    '</main>',
    '<footer><p class="muted">Generated from <a href="/api/openapi.json">/api/openapi.json</a>.</p></footer>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/**
 * The /api/docs handler: the page is rendered once, when first asked for, and served as it is to
 * every request after (not at start-up: a server starts in about a second, and few ask).
 */
export function apiDocs(doc: () => Promise<OpenApiDocument>) {
  let html: Promise<string> | undefined;
  return async (c: Context) =>
    c.body(await (html ??= doc().then(renderApiDocs)), 200, {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-cache',
    });
}
