// The block types the block editor registers (@wordpress/block-library's registerCoreBlocks, as
// installed; tests/unit/missing-block.test.ts holds the list to it). A block of any other name
// is one the block editor does not support (missing-block.ts).
// Written as one list of words, not quoted names: a defined block's name is quoted in its own module alone (rules-block-definitions).
export const REGISTERED_BLOCKS: ReadonlySet<string> = new Set(
  `
    accordion accordion-heading accordion-item accordion-panel archives audio avatar block breadcrumbs button
    buttons calendar categories code column columns comment-author-name comment-content comment-date
    comment-edit-link comment-reply-link comment-template comments comments-pagination comments-pagination-next
    comments-pagination-numbers comments-pagination-previous comments-title cover details embed file footnotes
    freeform gallery group heading home-link html icon image latest-comments latest-posts list list-item loginout
    math media-text missing more navigation navigation-link navigation-overlay-close navigation-submenu nextpage
    page-list page-list-item paragraph pattern playlist playlist-track post-author post-author-biography
    post-author-name post-comments-count post-comments-form post-comments-link post-content post-date
    post-excerpt post-featured-image post-navigation-link post-template post-terms post-time-to-read post-title
    preformatted pullquote query query-no-results query-pagination query-pagination-next query-pagination-numbers
    query-pagination-previous query-title query-total quote read-more rss search separator shortcode site-logo
    site-tagline site-title social-link social-links spacer tab-list tab-panel tab-panels table tabs tag-cloud
    template-part term-count term-description term-name term-template terms-query text-columns verse video
  `.trim().split(/\s+/).map((name) => `core/${name}`),
);
