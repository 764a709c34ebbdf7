import { seedPosts } from './seed.ts';
seedPosts('/tmp/w32s14/seed2', 10000);
