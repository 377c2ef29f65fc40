//! The colours steerlab draws the world with, as sRGB keys: the one definition the editor's
//! palette (`view::palette`) and a game drawing a preset (the Bevy plugin's example) both read,
//! so a game can show what the designer saw. The core draws nothing; these are data.

use super::behaviors::Rgb;

/// The applied steering force: red, as the C# seed draws it.
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
