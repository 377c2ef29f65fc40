//! A run as CSV: `tick,agent,group,x,y,vx,vy,fx,fy`, one row per agent per tick, what
//! `steerlab simulate` prints and what a game's playback is compared with (in decimal, or as
//! bit patterns to compare engines bit for bit).

use std::io::Write;

use crate::sim::World;

/// `tick,agent,group,x,y,vx,vy,fx,fy`, one row per agent per tick after that tick's update
/// (ticks 1..=steps). Floats are printed in their shortest exact form.
pub fn write_csv(world: &mut World, steps: u64, w: &mut impl Write) -> std::io::Result<()> {
    write_csv_as(world, steps, CsvNumbers::Decimal, w)
}

/// How [`write_csv_as`] prints a number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CsvNumbers {
    /// The shortest decimal that reads back as the same `f32` (`1.5`).
    Decimal,
    /// The `f32`'s bit pattern, 8 hex digits (`3fc00000`).
    Bits,
}

/// [`write_csv`], its numbers printed as `numbers` says.
pub fn write_csv_as(
    world: &mut World,
    steps: u64,
    numbers: CsvNumbers,
    w: &mut impl Write,
) -> std::io::Result<()> {
    writeln!(w, "tick,agent,group,x,y,vx,vy,fx,fy")?;
    for _ in 0..steps {
        world.step();
        let tick = world.tick();
        for (agent, record) in world.agents().iter().zip(world.records()) {
            let group = world
                .spec()
                .groups
                .get(usize::from(agent.group))
                .map_or("", |g| g.name.as_str());
            write!(w, "{tick},{},{group}", agent.id)?;
            let (p, v, f) = (agent.position, agent.velocity, record.applied);
            for x in [p.x, p.y, v.x, v.y, f.x, f.y] {
                match numbers {
                    CsvNumbers::Decimal => write!(w, ",{x}")?,
                    CsvNumbers::Bits => write!(w, ",{:08x}", x.to_bits())?,
                }
            }
            writeln!(w)?;
        }
    }
    Ok(())
}
