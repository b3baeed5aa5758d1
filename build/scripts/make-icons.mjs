// Renders build/icon.svg, the one source image, to the 1024 px PNG that
// electron-builder turns into the Windows .ico, the macOS .icns and the
// Linux icon set. The PNG is generated (build/icons/ is not committed).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Resvg } from '@resvg/resvg-js';

const buildDir = resolve(import.meta.dirname, '..');
const svg = readFileSync(resolve(buildDir, 'icon.svg'));
const png = new Resvg(svg, { fitTo: { mode: 'width', value: 1024 } }).render().asPng();
mkdirSync(resolve(buildDir, 'icons'), { recursive: true });
writeFileSync(resolve(buildDir, 'icons/icon.png'), png);
console.log(`build/icons/icon.png: 1024x1024, ${png.length} bytes`);
