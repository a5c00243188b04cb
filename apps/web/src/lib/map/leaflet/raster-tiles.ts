import * as L from './leaflet.ts';

// A production tile provider (MAP_TILES_URL, decision 700): raster XYZ tiles, each drawn into a
// canvas instead of shown as an <img>. A 256-pixel tile image is a candidate for the page's largest
// contentful paint, and on /tracking the status text must be that element, not the map; canvases
// are never candidates. The image is still fetched as an image (CSP img-src).

const SUBDOMAINS = ['a', 'b', 'c'];

const CanvasTileLayer = L.GridLayer.extend({
  createTile(
    this: L.GridLayer & { options: { template: string } },
    coords: L.Coords,
    done: L.DoneCallback,
  ) {
    const size = this.getTileSize();
    const tile = document.createElement('canvas');
    tile.width = size.x;
    tile.height = size.y;
    const image = new Image();
    image.decoding = 'async';
    image.onload = () => {
      tile.getContext('2d')?.drawImage(image, 0, 0, size.x, size.y);
      done(undefined, tile);
    };
    image.onerror = () => {
      done(new Error('tile'), tile);
    };
    image.src = L.Util.template(this.options.template, {
      s: SUBDOMAINS[Math.abs(coords.x + coords.y) % SUBDOMAINS.length],
      z: coords.z,
      x: coords.x,
      y: coords.y,
      r: L.Browser.retina ? '@2x' : '',
    });
    return tile;
  },
}) as new (options: L.GridLayerOptions & { template: string }) => L.GridLayer;

/** The tiles of `template` ({z}/{x}/{y}, optional {s} and {r}) as a layer. */
export function rasterTiles(template: string, maxZoom: number): L.GridLayer {
  return new CanvasTileLayer({ template, maxZoom });
}
