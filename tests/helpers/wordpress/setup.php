<?php
/**
 * Installs WordPress for the tests, from the CLI:  php setup.php <url> <credentials.json>
 * (INKWELL_WP_CONFIG names the run's /etc/wordpress/config-<name>.php, as for the router).
 * WordPress's own default content (wp_install), options as a fresh site has them, and one
 * user per role, each with an application password; the accounts go to the JSON file.
 */
if ( PHP_SAPI !== 'cli' ) {
	exit( 1 );
}
$url   = $argv[1];
$out   = $argv[2];
$parts = parse_url( $url );

$_SERVER['WORDPRESS_CONFIG'] = getenv( 'INKWELL_WP_CONFIG' );
$_SERVER['HTTP_HOST']      = $parts['host'] . ':' . $parts['port'];
$_SERVER['SERVER_NAME']    = $parts['host'];
$_SERVER['SERVER_PORT']    = (string) $parts['port'];
$_SERVER['REQUEST_URI']    = '/';
$_SERVER['REQUEST_METHOD'] = 'GET';
$_SERVER['REMOTE_ADDR']    = '127.0.0.1';

// No mail from the installer (there is no mail server).
function wp_mail() {
	return true;
}

define( 'WP_INSTALLING', true );
require '/usr/share/wordpress/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/upgrade.php';

// No HTTP at all (wp_install probes its own permalinks with a loopback request).
add_filter( 'pre_http_request', fn() => new WP_Error( 'offline', 'No HTTP during set-up' ) );

$installed = wp_install( 'Inkwell test WordPress', 'admin', 'admin@example.test', true, '', 'admin-login-pass', 'en_US' );
if ( is_wp_error( $installed ) ) {
	fwrite( STDERR, $installed->get_error_message() . "\n" );
	exit( 1 );
}
update_option( 'siteurl', $url );
update_option( 'home', $url );
update_option( 'ping_sites', '' );
// What WordPress picks itself on a fresh install when rewrites work ("Day and name").
$wp_rewrite->set_permalink_structure( '/%year%/%monthnum%/%day%/%postname%/' );
flush_rewrite_rules( false );

$roles    = array( 'administrator', 'editor', 'author', 'contributor', 'subscriber' );
$accounts = array();
foreach ( $roles as $role ) {
	$login = $role === 'administrator' ? 'admin' : "{$role}1";
	$user  = get_user_by( 'login', $login );
	if ( ! $user ) {
		$id = wp_insert_user( array( 'user_login' => $login, 'user_pass' => "$login-login-pass", 'user_email' => "$login@example.test", 'role' => $role, 'display_name' => ucfirst( $login ) ) );
		if ( is_wp_error( $id ) ) {
			fwrite( STDERR, $id->get_error_message() . "\n" );
			exit( 1 );
		}
		$user = get_user_by( 'id', $id );
	}
	$created = WP_Application_Passwords::create_new_application_password( $user->ID, array( 'name' => 'inkwell-tests' ) );
	if ( is_wp_error( $created ) ) {
		fwrite( STDERR, $created->get_error_message() . "\n" );
		exit( 1 );
	}
	$accounts[ $role ] = array( 'id' => $user->ID, 'login' => $login, 'password' => "$login-login-pass", 'appPassword' => $created[0] );
}
file_put_contents( $out, json_encode( $accounts, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES ) );
chmod( $out, 0600 );
