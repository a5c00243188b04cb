import { z } from 'zod/mini';

// The embedded demo basemap as the PWA's Leaflet map reads it (decision 700): `GET /map/basemap.json`
// names the versioned data files and says how to colour them; the files themselves are served under
// `/map/data/<version>/`. Colours are CSS hex colours, widths CSS pixels, zooms Leaflet zoom levels
// (256-pixel tiles, as SPEC 9's levels).

const ColourSchema = z.string().check(z.regex(/^#[0-9a-f]{6}$/i));
const PixelsSchema = z.number().check(z.positive());
const ZoomSchema = z.int().check(z.gte(0), z.lte(24));

const LineStyleSchema = z.object({ color: ColourSchema, width: PixelsSchema });

export const BasemapManifestSchema = z.object({
  /** Hash of the data files; part of their URLs, which are therefore cached for good. */
  version: z.string(),
  /** The demo map's zoom cap: its outlines are 1:10m-1:50m data and it has no streets. */
  maxZoom: ZoomSchema,
  /** The sources' credit line the map must show. */
  attribution: z.string(),
  /** Root-relative URLs of the data files. */
  files: z.object({
    /** GeoJSON: the five countries (`focus: true`) and neighbouring land. */
    countries: z.string(),
    /** GeoJSON: Puerto Rico's 78 municipios. */
    municipios: z.string(),
    /** Place labels (`PlaceLabelsSchema`), largest place first. */
    labels: z.string(),
  }),
  style: z.object({
    sea: ColourSchema,
    /** The five atlas countries. */
    focusLand: ColourSchema,
    /** Neighbouring land, drawn as context. */
    land: ColourSchema,
    coast: LineStyleSchema,
    /** Municipio borders, dashed (`dash` as a canvas line dash), shown from `minZoom` on. */
    municipios: z.extend(LineStyleSchema, {
      dash: z.array(PixelsSchema),
      minZoom: ZoomSchema,
    }),
    labels: z.object({
      color: ColourSchema,
      halo: ColourSchema,
      /** Font size in pixels of the smallest and of the largest places (by population). */
      minSize: PixelsSchema,
      maxSize: PixelsSchema,
      /**
       * `[zoom, population]` pairs, zoom ascending: from that zoom on, places of at least that
       * population are labelled (where their labels do not collide with larger places' labels).
       */
      minPopulation: z.array(z.tuple([ZoomSchema, z.int().check(z.gte(0))])).check(z.minLength(1)),
    }),
  }),
});
export type BasemapManifest = z.infer<typeof BasemapManifestSchema>;

/** One place label: `[lng, lat, name, population]`, positions rounded to about 10 m. */
export const PlaceLabelSchema = z.tuple([z.number(), z.number(), z.string(), z.int()]);
export type PlaceLabel = z.infer<typeof PlaceLabelSchema>;

/** The labels data file: every place of the atlas, largest first. */
export const PlaceLabelsSchema = z.object({ places: z.array(PlaceLabelSchema) });
export type PlaceLabels = z.infer<typeof PlaceLabelsSchema>;
