/** SKILL.md is generated from the same OpenAPI document as llms*.txt, with its version header. */
import { describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  Object.assign(process.env, { TABLE_NAME: 'unit-table', MAIL_DOMAIN: 'unit.example', SITE_URL: 'https://site.example' });
});

const { buildOpenApi } = await import('../../lambdas/discovery/openapi.ts');
const { buildSkillMd, buildLlmsTxt, SKILL_CHANGELOG } = await import('../../lambdas/discovery/llms.ts');

const ctx = { apiUrl: 'https://api.example', siteUrl: 'https://site.example', mailDomain: 'mail.example' };
const doc = await buildOpenApi(ctx.apiUrl) as unknown as Record<string, any>;
const skill = buildSkillMd(doc, ctx);

describe('SKILL.md', () => {
  it('opens with front matter carrying skill_version, api_version, last_updated and changelog_url', () => {
    const front = /^---\n([\s\S]*?)\n---\n/.exec(skill)![1]!;
    const fields = Object.fromEntries(front.split('\n').map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1).trim()]));
    expect(fields).toMatchObject({
      name: 'mailroom', skill_version: SKILL_CHANGELOG[0]!.version, api_version: 'v1', last_updated: SKILL_CHANGELOG[0]!.date,
      changelog_url: 'https://site.example/SKILL.md#changelog', openapi_version: doc.info.version,
    });
    expect(fields.last_updated).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(fields.skill_version).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('lists the agent-facing calls from the OpenAPI document (not the HTML pages) and the changelog it points at', () => {
    for (const call of ['POST /v1/inboxes', 'POST /v1/account/upgrade-link', 'POST /v1/notify-operator', 'GET /v1/notifications/{id}', 'GET /v1/capabilities']) {
      expect(skill).toContain(`- ${call}:`);
    }
    expect(skill).not.toMatch(/^- GET \/upgrade:/m);
    expect(skill).not.toContain('/v1/payments/webhook');
    expect(skill).toContain('## Changelog');
    for (const e of SKILL_CHANGELOG) expect(skill).toContain(`### ${e.version} (${e.date})`);
  });

  it('the changelog is newest first and llms.txt points at the skill file', () => {
    const dates = SKILL_CHANGELOG.map((e) => e.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(buildLlmsTxt(doc, ctx)).toContain('https://site.example/SKILL.md');
  });
});
