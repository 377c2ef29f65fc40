//! The editor's frame times on standard error, when `STEERLAB_FRAME_LOG` is set: every 120
//! frames, the median and the slowest of the CPU time eframe measured for a frame (the pass:
//! logic, layout, canvas and tessellation, not the GPU) and of the wall time from one frame
//! to the next (everything, the GPU or software renderer included). For measuring the editor
//! on a large crowd as it runs, not for everyday use.

/// Frames per line.
const FRAMES: usize = 120;

/// Frame times gathered so far (off unless the variable is set).
#[derive(Debug, Default)]
pub struct FrameLog {
    on: bool,
    cpu: Vec<f32>,
    interval: Vec<f32>,
    /// When this frame's own work (the simulation, the panels and the canvas, before
    /// tessellation and drawing) began, and how long the last frame's took, in milliseconds.
    work_started: Option<web_time::Instant>,
    work_ms: f32,
}

impl FrameLog {
    /// On when `STEERLAB_FRAME_LOG` is set.
    #[must_use]
    pub fn from_env() -> Self {
        Self {
            on: std::env::var_os("STEERLAB_FRAME_LOG").is_some(),
            ..Self::default()
        }
    }

    /// This frame's own work begins (the start of `logic`).
    pub fn begin_work(&mut self) {
        self.work_started = Some(web_time::Instant::now());
    }

    /// This frame's own work is done (the end of `ui`).
    pub fn end_work(&mut self) {
        if let Some(started) = self.work_started.take() {
            self.work_ms = started.elapsed().as_secs_f32() * 1000.0;
        }
    }

    /// Milliseconds of the last frame's own work: what the editor itself costs a frame,
    /// whatever the renderer takes to draw it (a web page shows it to tests).
    #[must_use]
    pub fn work_ms(&self) -> f32 {
        self.work_ms
    }

    /// Takes in one frame: its CPU seconds (eframe's, of the frame before) and the seconds
    /// since the frame before; prints a line every [`FRAMES`] frames.
    pub fn frame(&mut self, cpu: Option<f32>, interval: f32, agents: usize) {
        if !self.on {
            return;
        }
        if let Some(cpu) = cpu {
            self.cpu.push(cpu * 1000.0);
        }
        self.interval.push(interval * 1000.0);
        if self.interval.len() >= FRAMES {
            eprintln!(
                "steerlab frames: {agents} agents, CPU {} ms, frame to frame {} ms (median, slowest of {FRAMES})",
                summary(&mut self.cpu),
                summary(&mut self.interval)
            );
            self.cpu.clear();
            self.interval.clear();
        }
    }
}

/// `median, slowest` of `times` (sorted in place), to a tenth of a millisecond.
fn summary(times: &mut [f32]) -> String {
    times.sort_by(f32::total_cmp);
    match (times.get(times.len() / 2), times.last()) {
        (Some(median), Some(slowest)) => format!("{median:.1}, {slowest:.1}"),
        _ => "-".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_summary_is_the_median_and_the_slowest() {
        assert_eq!(summary(&mut [3.0, 1.0, 9.5, 2.0, 4.0]), "3.0, 9.5");
        assert_eq!(summary(&mut []), "-");
    }
}
