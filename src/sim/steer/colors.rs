//! The colours steerlab draws the world with, as sRGB keys: the one definition the editor's
//! palette (`view::palette`) and a game drawing a preset (the Bevy plugin's example) both read,
//! so a game can show what the designer saw. The core draws nothing; these are data.

pub use crate::sim::model::block::Rgb;

/// The applied steering force: red, as the C# source draws it.
pub const APPLIED: Rgb = Rgb(255, 45, 45);
/// The velocity vector.
pub const VELOCITY: Rgb = Rgb(90, 170, 255);
/// The click target.
pub const CLICK: Rgb = Rgb(255, 220, 80);
/// Obstacles.
pub const OBSTACLE: Rgb = Rgb(95, 100, 120);
/// The world's edge.
pub const BOUNDARY: Rgb = Rgb(80, 90, 110);
/// Behind everything.
pub const BACKGROUND: Rgb = Rgb(22, 25, 32);
/// The groups' colours, in group order (repeating).
pub const GROUPS: [Rgb; 8] = [
    Rgb(100, 170, 255),
    Rgb(255, 120, 110),
    Rgb(120, 220, 130),
    Rgb(240, 200, 90),
    Rgb(200, 140, 255),
    Rgb(90, 220, 220),
    Rgb(255, 160, 210),
    Rgb(200, 200, 200),
];

/// A colour's name as a designer says it (`blue`, `red`, `grey`, ...), from its hue: grey or
/// white when it has little colour, else the hue's band. Descriptions name a group's or a
/// behavior's colour through this, never by hand, so that the words follow the palette.
#[must_use]
pub fn colour_name(colour: Rgb) -> &'static str {
    let (red, green, blue) = (
        f32::from(colour.0),
        f32::from(colour.1),
        f32::from(colour.2),
    );
    let max = red.max(green).max(blue);
    let chroma = max - red.min(green).min(blue);
    if chroma < 40.0 {
        return if max > 215.0 { "white" } else { "grey" };
    }
    // The hue in degrees, as HSV has it (which channel is largest, compared as the bytes).
    let largest = colour.0.max(colour.1).max(colour.2);
    let hue = if largest == colour.0 {
        60.0 * ((green - blue) / chroma).rem_euclid(6.0)
    } else if largest == colour.1 {
        60.0 * ((blue - red) / chroma + 2.0)
    } else {
        60.0 * ((red - green) / chroma + 4.0)
    };
    match hue {
        deg if !(15.0..345.0).contains(&deg) => "red",
        deg if deg < 40.0 => "orange",
        deg if deg < 70.0 => "yellow",
        deg if deg < 160.0 => "green",
        deg if deg < 200.0 => "cyan",
        deg if deg < 255.0 => "blue",
        deg if deg < 290.0 => "purple",
        _ => "pink",
    }
}

/// The name of group `g`'s colour.
#[must_use]
pub fn group_colour_name(g: usize) -> &'static str {
    colour_name(GROUPS[g % GROUPS.len()])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_are_named_by_their_hue() {
        let groups: Vec<&str> = (0..GROUPS.len()).map(group_colour_name).collect();
        assert_eq!(
            groups,
            [
                "blue", "red", "green", "yellow", "purple", "cyan", "pink", "grey"
            ]
        );
        assert_eq!(colour_name(APPLIED), "red");
        assert_eq!(colour_name(CLICK), "yellow");
        assert_eq!(colour_name(Rgb(250, 150, 40)), "orange");
        assert_eq!(colour_name(Rgb(230, 230, 230)), "white");
    }
}
