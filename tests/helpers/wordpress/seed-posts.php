<?php
/**
 * Seeds the tests' WordPress with published posts, from the CLI:  php seed-posts.php <url> <count>
 * (about 1 KB of block markup each, 20 categories, 100 tags), as bench/seed.ts does for
 * this project's own site. Prints the new posts' ids as JSON.
 */
if ( PHP_SAPI !== 'cli' ) {
	exit( 1 );
}
$parts                       = parse_url( $argv[1] );
$count                       = (int) $argv[2];
$_SERVER['WORDPRESS_CONFIG'] = getenv( 'INKWELL_WP_CONFIG' );
$_SERVER['HTTP_HOST']        = $parts['host'] . ':' . $parts['port'];
$_SERVER['REQUEST_URI']      = '/';
require '/usr/share/wordpress/wp-load.php';

$words = explode( ' ', 'lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore et dolore magna aliqua enim ad minim veniam quis nostrud exercitation ullamco laboris nisi aliquip ex ea commodo consequat garden kitchen bicycle mountain harbour lantern violin meadow thunder orchard' );
$sentence = function ( $seed, $length ) use ( $words ) {
	$out = array();
	for ( $i = 0; $i < $length; $i++ ) {
		$out[] = $words[ ( $seed * 31 + $i * 17 ) % count( $words ) ];
	}
	return implode( ' ', $out );
};
wp_defer_term_counting( true );
wp_suspend_cache_invalidation( true );
$categories = array();
for ( $i = 0; $i < 20; $i++ ) {
	$term         = wp_insert_term( "Category $i", 'category' );
	$categories[] = is_wp_error( $term ) ? (int) $term->get_error_data( 'term_exists' ) : $term['term_id'];
}
$tags = array();
for ( $i = 0; $i < 100; $i++ ) {
	$tags[] = "Tag $i";
}
$ids = array();
for ( $i = 0; $i < $count; $i++ ) {
	$date  = gmdate( 'Y-m-d H:i:s', gmmktime( 0, 0, 0, 1, 1, 2024 ) + $i * 3600 );
	$ids[] = wp_insert_post(
		array(
			'post_type'     => 'post',
			'post_status'   => 'publish',
			'post_author'   => 1,
			'post_title'    => $sentence( $i, 5 ) . " $i",
			'post_content'  => "<!-- wp:paragraph -->\n<p>" . $sentence( $i, 80 ) . "</p>\n<!-- /wp:paragraph -->\n\n<!-- wp:paragraph -->\n<p>" . $sentence( $i + 7, 80 ) . "</p>\n<!-- /wp:paragraph -->",
			'post_date'     => $date,
			'post_date_gmt' => $date,
			'post_category' => array( $categories[ $i % 20 ] ),
			'tags_input'    => array( $tags[ $i % 100 ], $tags[ ( $i * 7 ) % 100 ] ),
		)
	);
}
wp_defer_term_counting( false );
echo json_encode( $ids );
