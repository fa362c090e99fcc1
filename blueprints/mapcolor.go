package blueprints

import "image/color"

// mapColor is one of Minecraft's map colours: the colour a block shows
// on an in-game map, at full brightness. The names and values are the
// game's constants (net.minecraft.world.level.material.MapColor in
// Minecraft 1.21.1, as the Minecraft Wiki's "Map item format" page lists
// its base colours); none is made up here. NONE is transparent: such a
// block (glass, a ladder) does not show on a map.
type mapColor struct {
	name string
	rgb  color.RGBA
}

func rgb(r, g, b uint8) color.RGBA { return color.RGBA{r, g, b, 255} }

var (
	mapNone           = mapColor{"NONE", color.RGBA{}}
	mapDirt           = mapColor{"DIRT", rgb(151, 109, 77)}
	mapStone          = mapColor{"STONE", rgb(112, 112, 112)}
	mapWood           = mapColor{"WOOD", rgb(143, 119, 72)}
	mapQuartz         = mapColor{"QUARTZ", rgb(255, 252, 245)}
	mapSnow           = mapColor{"SNOW", rgb(255, 255, 255)}
	mapColorOrange    = mapColor{"COLOR_ORANGE", rgb(216, 127, 51)}
	mapColorMagenta   = mapColor{"COLOR_MAGENTA", rgb(178, 76, 216)}
	mapColorLightBlue = mapColor{"COLOR_LIGHT_BLUE", rgb(102, 153, 216)}
	mapColorLightGrn  = mapColor{"COLOR_LIGHT_GREEN", rgb(127, 204, 25)}
	mapColorCyan      = mapColor{"COLOR_CYAN", rgb(76, 127, 153)}
	mapColorBlue      = mapColor{"COLOR_BLUE", rgb(51, 76, 178)}
	mapColorBrown     = mapColor{"COLOR_BROWN", rgb(102, 76, 51)}
	mapColorGreen     = mapColor{"COLOR_GREEN", rgb(102, 127, 51)}
)

// blockMapColors is the map colour Minecraft 1.21.1 gives each block
// (Blocks, by its properties' mapColor) that houses are built of, and the
// dirt and ladders of the build site. Every stone slab material is STONE,
// and terracotta and copper share COLOR_ORANGE, as on a map.
var blockMapColors = map[string]mapColor{
	"stone":             mapStone,
	"cobblestone":       mapStone,
	"stone_bricks":      mapStone,
	"smooth_stone":      mapStone,
	"andesite":          mapStone,
	"polished_andesite": mapStone,
	"terracotta":        mapColorOrange,
	"copper_block":      mapColorOrange,
	"quartz_block":      mapQuartz,
	"purpur_block":      mapColorMagenta,
	"dark_oak_door":     mapColorBrown, // dark oak planks' colour
	"oak_door":          mapWood,
	"glass":             mapNone,
	"ladder":            mapNone,
	"blue_carpet":       mapColorBlue,
	"cyan_carpet":       mapColorCyan,
	"light_blue_carpet": mapColorLightBlue,
	"lime_carpet":       mapColorLightGrn,
	"moss_carpet":       mapColorGreen,
	"white_wool":        mapSnow,
	"dirt":              mapDirt,
}
