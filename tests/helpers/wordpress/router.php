<?php
/**
 * Router for PHP's built-in server in front of Debian's WordPress: files under /wp-content/
 * come from this run's content folder (INKWELL_WP_CONTENT), other static files are served
 * by the server itself, PHP files and everything else (pretty permalinks, /wp-json/...) run
 * here, with WORDPRESS_CONFIG naming this run's /etc/wordpress/config-<name>.php (Debian's
 * wp-config.php reads it), so that no other WordPress on this machine shares its config.
 */
$_SERVER['WORDPRESS_CONFIG'] = getenv( 'INKWELL_WP_CONFIG' );
$docroot = $_SERVER['DOCUMENT_ROOT'];
$path    = rawurldecode( parse_url( $_SERVER['REQUEST_URI'], PHP_URL_PATH ) ?? '/' );

if ( strpos( $path, '..' ) !== false ) {
	http_response_code( 400 );
	return true;
}

if ( strncmp( $path, '/wp-content/', 12 ) === 0 ) {
	$file = getenv( 'INKWELL_WP_CONTENT' ) . substr( $path, 11 );
	if ( is_file( $file ) && substr( $file, -4 ) !== '.php' ) {
		$type = ( new finfo( FILEINFO_MIME_TYPE ) )->file( $file ) ?: 'application/octet-stream';
		if ( substr( $file, -4 ) === '.css' ) {
			$type = 'text/css';
		} elseif ( substr( $file, -3 ) === '.js' ) {
			$type = 'application/javascript';
		}
		header( 'Content-Type: ' . $type );
		header( 'Content-Length: ' . filesize( $file ) );
		if ( $_SERVER['REQUEST_METHOD'] !== 'HEAD' ) {
			readfile( $file );
		}
		return true;
	}
}

$script = '/index.php';
if ( is_dir( $docroot . $path ) && is_file( rtrim( $docroot . $path, '/' ) . '/index.php' ) ) {
	$script = rtrim( $path, '/' ) . '/index.php';
} elseif ( is_file( $docroot . $path ) ) {
	if ( substr( $path, -4 ) !== '.php' ) {
		return false; // a static file: the server sends it
	}
	$script = $path;
}
$_SERVER['SCRIPT_NAME']     = $script;
$_SERVER['PHP_SELF']        = $script;
$_SERVER['SCRIPT_FILENAME'] = $docroot . $script;
chdir( dirname( $docroot . $script ) );
require $docroot . $script;
