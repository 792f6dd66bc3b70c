import { defineOutput } from '@fieldstream/core';
import type { Preset } from './preset';

/** Strings that become live markup if a UI ever renders model text as HTML. */
export const XSS_CORPUS = [
  '<img src=x onerror=alert(1)>',
  '<svg onload=alert(1)>',
  '<a href="javascript:alert(1)">x</a>',
  '&lt;script&gt;alert(1)&lt;/script&gt;',
  'javascript:alert(1)',
] as const;

const output = defineOutput({
  headline: ['string', 'a headline', 'not_null'],
  image_caption: ['string', 'an image caption'],
  svg_label: ['string', 'an icon label'],
  link_html: ['string', 'a link as HTML'],
  escaped_entity: ['string', 'text with entities'],
  link_url: ['string', 'a URL'],
  payloads: [['string', 'one more payload']],
});

const [img, svg, anchor, entity, url] = XSS_CORPUS;

// Text fields hold the payloads inside prose: a text-format section that is nothing but one
// `<…>` tag reads as an echoed placeholder (`<your summary here>`) and is rejected by design. The
// list carries every payload exactly, and `escaped_entity` / `link_url` are exact values too.
const data = {
  headline: `Breaking: ${img}`,
  image_caption: `Caption ${img} end`,
  svg_label: `Icon ${svg}`,
  link_html: `See ${anchor} for details`,
  escaped_entity: entity,
  link_url: url,
  payloads: [...XSS_CORPUS],
};

const text = `<think>${svg} ${anchor}</think>
{
  "headline": ${JSON.stringify(data.headline)},
  "image_caption": ${JSON.stringify(data.image_caption)},
  "svg_label": ${JSON.stringify(data.svg_label)},
  "link_html": ${JSON.stringify(data.link_html)},
  "escaped_entity": ${JSON.stringify(entity)},
  "link_url": ${JSON.stringify(url)},
  "payloads": ${JSON.stringify(XSS_CORPUS)}
}`;

export const xssCorpusPreset: Preset = {
  id: 'xss-corpus',
  title: 'XSS corpus',
  description: 'Markup and javascript: URLs in every field: must render as inert text in every format',
  input: 'Echo the payloads back.',
  output,
  format: 'json',
  data,
  recorded: { format: 'json', text },
};
