// The settings half of seo/v1 (deployment B): first-time configuration, integrations and the
// notices of the settings screens, over real HTTP. Each write is read back: by the GET route
// where there is one, else through the module that the other routes (get_head) read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestRole, type TestSite } from '../helpers/test-site.ts';
import { getSiteRepresentation } from '../../server/namespaces/seo/site-representation.ts';
import { getSocialProfiles } from '../../server/namespaces/seo/social-profiles.ts';
import { getOption } from '../../server/store/options.ts';

let site: TestSite;
const store = () => site.running.site.context.store;
const post = (route: string, body: unknown, as: TestRole | null = 'administrator') =>
  site.api(`/seo/v1${route}`, { method: 'POST', body, as });
const get = (route: string, query: Record<string, string | number> = {}, as: TestRole | null = 'administrator') =>
  site.api(`/seo/v1${route}`, { query, as });

beforeAll(async () => {
  site = await startTestSite('b');
});
afterAll(async () => {
  await site?.close();
});

describe('the index document lists every settings route with its arguments as the interface does', () => {
  it('shows required flags, types and enums from the route table', async () => {
    const { body } = await site.api('/seo/v1');
    const args = (pattern: string, index = 0) => body.routes[pattern].endpoints[index].args;
    expect(args('/seo/v1/configuration/site_representation').company_or_person).toEqual({ type: 'string', enum: ['company', 'person'], required: true });
    expect(args('/seo/v1/configuration/site_representation').company_logo_id).toEqual({ type: 'integer', required: false });
    expect(args('/seo/v1/configuration/social_profiles').other_social_urls).toEqual({ type: 'array', required: false });
    expect(args('/seo/v1/configuration/check_capability').user_id).toEqual({ required: true });
    expect(args('/seo/v1/configuration/save_configuration_state').finishedSteps).toEqual({ type: 'array', required: true });
    expect(body.routes['/seo/v1/configuration/get_configuration_state'].endpoints[0].args).toEqual([]);
    expect(args('/seo/v1/integrations/set_active')).toEqual({ active: { type: 'boolean', required: true }, integration: { type: 'string', required: true } });
    expect(args('/seo/v1/new-content-type-visibility/dismiss-post-type')).toEqual({ postTypeName: { required: false } });
    expect(args('/seo/v1/connector_configuration_permanent_dismissal')).toEqual({ is_dismissed: { type: 'boolean', required: true } });
    expect(args('/seo/v1/setup_steps_tracking').first_interaction_stage.enum).toEqual(['install', 'activate', 'setup', 'grantConsent', 'successfullyConnected']);
    expect(args('/seo/v1/setup_steps_tracking').setup_widget_loaded).toEqual({ type: 'string', enum: ['yes', 'no'], required: false });
    expect(args('/seo/v1/introductions/(?P<introduction_id>[\\w-]+)/seen')).toEqual({
      introduction_id: { type: 'string', required: true }, is_seen: { type: 'boolean', default: true, required: false },
    });
    expect(body.routes['/seo/v1/video_embed_permission'].methods).toEqual(['GET', 'POST']);
    expect(args('/seo/v1/video_embed_permission', 1)).toEqual({ value: { type: 'boolean', default: true, required: false } });
    expect(args('/seo/v1/alerts/dismiss')).toEqual({ key: { required: true } });
  });
});

describe('configuration/site_representation', () => {
  it('stores who the site represents for the head routes, keeping fields not sent', async () => {
    const { status, body } = await post('/configuration/site_representation', {
      company_or_person: 'company', company_name: 'Inkwell Press', company_logo: 'https://cdn.example/logo.png', company_logo_id: 12, description: 'Notes on writing',
    });
    expect(status).toBe(200);
    expect(body).toEqual({ success: true, status: 200 });
    await post('/configuration/site_representation', { company_or_person: 'person', company_or_person_user_id: site.users.editor.id, person_logo_id: '7' });
    expect(getSiteRepresentation(store())).toEqual({
      company_or_person: 'person', company_name: 'Inkwell Press', company_logo: 'https://cdn.example/logo.png', company_logo_id: 12,
      person_logo: '', person_logo_id: 7, company_or_person_user_id: site.users.editor.id, description: 'Notes on writing',
    });
  });

  it('refuses a missing or unknown kind, a wrong type and a person who is not a user, and changes nothing', async () => {
    const before = getSiteRepresentation(store());
    const missing = await post('/configuration/site_representation', { company_name: 'X' });
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('rest_missing_callback_param');
    expect(missing.body.data.params).toEqual(['company_or_person']);
    const wrongKind = await post('/configuration/site_representation', { company_or_person: 'robot' });
    expect(wrongKind.status).toBe(400);
    expect(wrongKind.body.data.params.company_or_person).toMatch(/not one of company, person/);
    const wrongType = await post('/configuration/site_representation', { company_or_person: 'company', company_logo_id: 'twelve' });
    expect(wrongType.body.data.params.company_logo_id).toMatch(/not of type integer/);
    const noUser = await post('/configuration/site_representation', { company_or_person: 'person', company_or_person_user_id: 9999 });
    expect(noUser.status).toBe(400);
    expect(Object.keys(noUser.body.data.params)).toEqual(['company_or_person_user_id']);
    expect(getSiteRepresentation(store())).toEqual(before);
  });

  it('is for the people who manage the site', async () => {
    expect((await post('/configuration/site_representation', { company_or_person: 'company' }, null)).status).toBe(401);
    for (const role of ['editor', 'author', 'contributor', 'subscriber'] as const) {
      const { status, body } = await post('/configuration/site_representation', { company_or_person: 'company' }, role);
      expect(status).toBe(403);
      expect(body.code).toBe('rest_forbidden');
    }
  });
});

describe('configuration/social_profiles', () => {
  it('stores valid profile URLs, dropping empty entries of the list', async () => {
    const { status, body } = await post('/configuration/social_profiles', {
      network_a_site: ' https://social-a.example/inkwell ', network_b_site: 'https://social-b.example/@inkwell', other_social_urls: ['https://video.example/c/inkwell', '', 'http://blog.example/'],
    });
    expect(status).toBe(200);
    expect(body).toEqual({ json: { success: true, status: 200 } });
    expect(getSocialProfiles(store())).toEqual({
      network_a_site: 'https://social-a.example/inkwell', network_b_site: 'https://social-b.example/@inkwell', other_social_urls: ['https://video.example/c/inkwell', 'http://blog.example/'],
    });
  });

  it('names every field that is not a URL (list entries by position) and saves none of them', async () => {
    const before = getSocialProfiles(store());
    const { status, body } = await post('/configuration/social_profiles', {
      network_a_site: 'not a url', network_b_site: 'https://fine.example/me', other_social_urls: ['https://ok.example/', 'javascript:alert(1)', 'ftp://files.example/'],
    });
    expect(status).toBe(400);
    expect(body.code).toBe('rest_invalid_param');
    expect(body.data.failures).toEqual(['network_a_site', 'other_social_urls-1', 'other_social_urls-2']);
    expect(Object.keys(body.data.params)).toEqual(['network_a_site', 'other_social_urls-1', 'other_social_urls-2']);
    expect(getSocialProfiles(store())).toEqual(before);
  });

  it('clears a network with an empty string; needs manage_options', async () => {
    expect((await post('/configuration/social_profiles', { network_a_site: 'https://social-a.example/inkwell', network_b_site: 'https://social-b.example/@inkwell' })).status).toBe(200);
    expect((await post('/configuration/social_profiles', { network_b_site: '' })).status).toBe(200);
    expect(getSocialProfiles(store()).network_b_site).toBe('');
    expect(getSocialProfiles(store()).network_a_site).toBe('https://social-a.example/inkwell');
    expect((await post('/configuration/social_profiles', { network_b_site: '' }, 'editor')).status).toBe(403);
  });
});

describe('configuration/check_capability', () => {
  it('says whether the caller may edit that user', async () => {
    const { status, body } = await get('/configuration/check_capability', { user_id: site.users.author.id });
    expect(status).toBe(200);
    expect(body).toEqual({ success: true, status: 200 });
  });

  it('refuses a missing or malformed id and answers 404 for an unknown user', async () => {
    const missing = await get('/configuration/check_capability');
    expect(missing.status).toBe(400);
    expect(missing.body.data.params).toEqual(['user_id']);
    const malformed = await get('/configuration/check_capability', { user_id: 'abc' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.data.params.user_id).toBeDefined();
    const unknown = await get('/configuration/check_capability', { user_id: 9999 });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('rest_user_invalid_id');
  });

  it('is for the people who manage the site', async () => {
    expect((await get('/configuration/check_capability', { user_id: 1 }, null)).status).toBe(401);
    expect((await get('/configuration/check_capability', { user_id: site.users.editor.id }, 'editor')).status).toBe(403);
  });
});

describe('configuration: tracking and the steps finished', () => {
  it('stores the tracking choice and refuses a missing or non-boolean one', async () => {
    expect((await post('/configuration/enable_tracking', { tracking: true })).body).toEqual({ success: true, status: 200 });
    expect(getOption(store(), 'seo_tracking')).toBe(true);
    expect((await post('/configuration/enable_tracking', { tracking: 'false' })).status).toBe(200);
    expect(getOption(store(), 'seo_tracking')).toBe(false);
    expect((await post('/configuration/enable_tracking', {})).status).toBe(400);
    expect((await post('/configuration/enable_tracking', { tracking: 'maybe' })).body.data.params.tracking).toMatch(/boolean/);
    expect((await post('/configuration/enable_tracking', { tracking: true }, 'author')).status).toBe(403);
  });

  it('reads back the steps saved, empty before any', async () => {
    expect((await get('/configuration/get_configuration_state')).body).toEqual({ success: true, status: 200, data: [] });
    expect((await post('/configuration/save_configuration_state', { finishedSteps: ['representation', 'social', 'representation'] })).body).toEqual({ success: true, status: 200 });
    expect((await get('/configuration/get_configuration_state')).body).toEqual({ success: true, status: 200, data: ['representation', 'social'] });
  });

  it('refuses a missing list or entries that are not step names; both routes need manage_options', async () => {
    expect((await post('/configuration/save_configuration_state', {})).body.data.params).toEqual(['finishedSteps']);
    const objects = await post('/configuration/save_configuration_state', { finishedSteps: [{ step: 1 }] });
    expect(objects.status).toBe(400);
    expect(objects.body.data.params.finishedSteps).toBeDefined();
    expect((await get('/configuration/get_configuration_state', {}, 'editor')).status).toBe(403);
    expect((await get('/configuration/get_configuration_state', {}, null)).status).toBe(401);
    expect((await post('/configuration/save_configuration_state', { finishedSteps: [] }, 'editor')).status).toBe(403);
  });
});

describe('integrations/set_active', () => {
  it('switches a known integration, and refuses unknown ones and missing arguments', async () => {
    expect((await post('/integrations/set_active', { integration: 'rank', active: false })).body).toEqual({ json: { success: true, status: 200 } });
    expect(getOption(store(), 'seo_integrations')).toEqual({ kwresearch: true, rank: false });
    const unknown = await post('/integrations/set_active', { integration: 'fax', active: true });
    expect(unknown.status).toBe(400);
    expect(unknown.body.data.params.integration).toMatch(/kwresearch, rank/);
    expect((await post('/integrations/set_active', { integration: 'rank' })).body.data.params).toEqual(['active']);
    expect((await post('/integrations/set_active', { integration: 'rank', active: true }, 'editor')).status).toBe(403);
    await post('/integrations/set_active', { integration: 'rank', active: true });
  });
});

describe('new-content-type-visibility', () => {
  it('dismisses the "new" badge of a post type once, then says it is not new', async () => {
    expect((await post('/new-content-type-visibility/dismiss-post-type', { postTypeName: 'page' }, 'contributor')).body)
      .toEqual({ success: true, message: 'Post type is no longer new.', status: 200 });
    expect((await post('/new-content-type-visibility/dismiss-post-type', { postTypeName: 'page' })).body.message).toBe('Post type is not new.');
    expect((await post('/new-content-type-visibility/dismiss-taxonomy', { taxonomyName: 'post_tag' })).body.message).toBe('Taxonomy is no longer new.');
    expect(getOption(store(), 'seo_new_content_types')).toEqual({ postTypes: ['post', 'attachment'], taxonomies: ['category'] });
  });

  it('refuses a name that is not a content type of the site, or none', async () => {
    const unknown = await post('/new-content-type-visibility/dismiss-post-type', { postTypeName: 'book' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.data.params.postTypeName).toMatch(/post, page, attachment/);
    expect((await post('/new-content-type-visibility/dismiss-taxonomy', { taxonomyName: 'genre' })).status).toBe(400);
    expect((await post('/new-content-type-visibility/dismiss-taxonomy', {})).body.data.params).toEqual(['taxonomyName']);
  });

  it('is for writers', async () => {
    expect((await post('/new-content-type-visibility/dismiss-post-type', { postTypeName: 'post' }, 'subscriber')).status).toBe(403);
    expect((await post('/new-content-type-visibility/dismiss-post-type', { postTypeName: 'post' }, null)).status).toBe(401);
  });
});

describe('connector set-up notices', () => {
  it('keeps the permanent dismissal of the connectors\' configuration', async () => {
    expect((await post('/connector_configuration_permanent_dismissal', { is_dismissed: true })).body).toEqual({ success: true });
    expect(getOption(store(), 'seo_connector_configuration_dismissed')).toBe(true);
    expect((await post('/connector_configuration_permanent_dismissal', {})).status).toBe(400);
    expect((await post('/connector_configuration_permanent_dismissal', { is_dismissed: true }, 'editor')).status).toBe(403);
  });

  it('keeps the set-up steps sent, under the names the route declares, and refuses values outside the enums', async () => {
    expect((await post('/setup_steps_tracking', { setup_widget_loaded: 'yes', first_interaction_stage: 'install' })).body).toEqual({ success: true });
    await post('/setup_steps_tracking', { last_interaction_stage: 'grantConsent' });
    expect(getOption(store(), 'seo_setup_steps_tracking')).toEqual({ setup_widget_loaded: 'yes', first_interaction_stage: 'install', last_interaction_stage: 'grantConsent' });
    const bad = await post('/setup_steps_tracking', { setup_widget_loaded: 'perhaps', last_interaction_stage: 'done' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.data.params).sort()).toEqual(['last_interaction_stage', 'setup_widget_loaded']);
    expect((await post('/setup_steps_tracking', { setup_widget_loaded: 'no' }, 'editor')).status).toBe(403);
  });
});

describe('per-user state: introductions, video embed permission, alerts', () => {
  it('keeps introductions seen for each user apart', async () => {
    expect((await post('/introductions/ai-brief-2/seen', {}, 'author')).body).toEqual({ json: { success: true } });
    await post('/introductions/ai-brief-2/seen', { is_seen: false }, 'editor');
    await post('/introductions/keyphrase_tips/seen', { is_seen: '1' }, 'editor');
    expect(getOption(store(), `seo_introductions_seen:user:${site.users.author.id}`)).toEqual({ 'ai-brief-2': true });
    expect(getOption(store(), `seo_introductions_seen:user:${site.users.editor.id}`)).toEqual({ 'ai-brief-2': false, keyphrase_tips: true });
    expect((await post('/introductions/bad.id/seen', {}, 'author')).status).toBe(404);
    expect((await post('/introductions/ai-brief-2/seen', { is_seen: 'often' }, 'author')).status).toBe(400);
    expect((await post('/introductions/ai-brief-2/seen', {}, 'subscriber')).status).toBe(403);
    expect((await post('/introductions/ai-brief-2/seen', {}, null)).status).toBe(401);
  });

  it('reads back each user\'s video embed permission, false until given', async () => {
    expect((await get('/video_embed_permission', {}, 'author')).body).toEqual({ json: { value: false } });
    expect((await post('/video_embed_permission', {}, 'author')).body).toEqual({ json: { success: true } });
    expect((await get('/video_embed_permission', {}, 'author')).body).toEqual({ json: { value: true } });
    expect((await get('/video_embed_permission', {}, 'editor')).body).toEqual({ json: { value: false } });
    await post('/video_embed_permission', { value: false }, 'author');
    expect((await get('/video_embed_permission', {}, 'author')).body).toEqual({ json: { value: false } });
    expect((await post('/video_embed_permission', { value: 'nope' }, 'author')).status).toBe(400);
    expect((await get('/video_embed_permission', {}, 'subscriber')).status).toBe(403);
    expect((await get('/video_embed_permission', {}, null)).status).toBe(401);
  });

  it('keeps each user\'s dismissed alerts once each, and refuses malformed keys', async () => {
    expect((await post('/alerts/dismiss', { key: 'rank-connector-upsell' }, 'contributor')).body).toEqual({ success: true, status: 200 });
    await post('/alerts/dismiss', { key: 'rank-connector-upsell' }, 'contributor');
    expect(getOption(store(), `seo_alerts_dismissed:user:${site.users.contributor.id}`)).toEqual(['rank-connector-upsell']);
    expect(getOption(store(), `seo_alerts_dismissed:user:${site.users.author.id}`)).toBeUndefined();
    expect((await post('/alerts/dismiss', {}, 'contributor')).body.data.params).toEqual(['key']);
    expect((await post('/alerts/dismiss', { key: '<script>' }, 'contributor')).status).toBe(400);
    expect((await post('/alerts/dismiss', { key: 'x' }, 'subscriber')).status).toBe(403);
  });
});
