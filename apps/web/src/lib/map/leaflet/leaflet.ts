// Leaflet 1.9 as an ES module (decision 700): the package's main file is a UMD bundle, its
// `dist/leaflet-src.esm.js` the same code with `export`s. Every map module imports Leaflet from here,
// and only modules reached through the lazily loaded map view do (lib/map/index.test.ts).
export * from 'leaflet/dist/leaflet-src.esm.js';
