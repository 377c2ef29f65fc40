//! The report: a run's sums turned into one value per metric per group.

use super::{
    AgentTrack, DEFINITIONS, GroupMetrics, Metric, Metrics, Prey, Recorder, World, arrival_target,
    prey_of,
};

impl Recorder {
    /// The metrics of the run so far.
    #[must_use]
    pub fn report(&self, world: &World) -> Metrics {
        let spec = world.spec();
        let groups = (0..spec.groups.len())
            .map(|g| self.group_report(world, g))
            .collect();
        Metrics {
            ticks: self.ticks,
            seconds: self.ticks as f64 * f64::from(spec.dt),
            groups,
        }
    }

    /// Group `g`'s metrics (`g` is in range).
    fn group_report(&self, world: &World, g: usize) -> GroupMetrics {
        let spec = world.spec();
        let group = &spec.groups[g];
        let tracks: Vec<&AgentTrack> = world
            .agents()
            .iter()
            .filter(|a| usize::from(a.group) == g)
            .filter_map(|a| self.agent(a.id))
            .collect();
        let gt = self.groups.get(g).cloned().unwrap_or_default();
        let mut values = Values(vec![None; DEFINITIONS.len()]);
        if arrival_target(group).is_some() {
            arrival_values(&tracks, &mut values);
            crowd_values(&tracks, self.ticks as f64 * f64::from(spec.dt), &mut values);
        }
        motion_values(&tracks, f64::from(spec.dt), &mut values);
        if self.ticks > 0 {
            values.set(Metric::AgentOverlaps, Some(gt.agent_overlap_ticks as f64));
            values.set(
                Metric::ObstacleOverlaps,
                Some(gt.obstacle_overlap_ticks as f64),
            );
            values.set(Metric::MinSeparation, gt.min_gap.map(f64::from));
        }
        if let Some(prey) = prey_of(world, group) {
            values.set(Metric::Captures, Some(gt.captures as f64));
            values.set(Metric::CaptureTime, gt.first_capture_secs);
            let victims: Vec<bool> = world
                .agents()
                .iter()
                .filter(|a| match prey {
                    Prey::Agent(id) => a.id == id,
                    Prey::Group(pg) => usize::from(a.group) == pg,
                })
                .filter_map(|a| self.agent(a.id).map(|t| t.captured))
                .collect();
            if !victims.is_empty() {
                let alive = victims.iter().filter(|c| !**c).count();
                values.set(
                    Metric::PreySurvival,
                    Some(alive as f64 / victims.len() as f64),
                );
            }
        }
        if gt.flock_ticks > 0 {
            let k = gt.flock_ticks as f64;
            values.set(Metric::Polarization, Some(gt.polarization_sum / k));
            values.set(Metric::Spread, Some(gt.spread_sum / k));
        }
        if gt.flock_counts > 0 {
            values.set(Metric::Flocks, Some(gt.flocks_sum / gt.flock_counts as f64));
        }
        GroupMetrics {
            name: group.name.clone(),
            agents: tracks.len(),
            values: values.0,
        }
    }
}

/// A group's values in [`DEFINITIONS`] order, being filled in.
struct Values(Vec<Option<f64>>);

impl Values {
    /// Sets `metric`; a value that is not finite is left out.
    fn set(&mut self, metric: Metric, value: Option<f64>) {
        self.0[metric as usize] = value.filter(|v| v.is_finite());
    }
}

/// Arrival: the share arrived, then means over those that did (time to arrive), the largest
/// overshoot, and means over those settled at the end (settle time) or with a target now
/// (final error).
fn arrival_values(tracks: &[&AgentTrack], values: &mut Values) {
    let tracks: Vec<&AgentTrack> = tracks.iter().copied().filter(|t| t.targeted).collect();
    if tracks.is_empty() {
        return;
    }
    let arrived: Vec<&&AgentTrack> = tracks
        .iter()
        .filter(|t| t.arrived_after_secs.is_some())
        .collect();
    values.set(
        Metric::Arrived,
        Some(arrived.len() as f64 / tracks.len() as f64),
    );
    values.set(
        Metric::TimeToArrive,
        mean(arrived.iter().filter_map(|t| t.arrived_after_secs)),
    );
    values.set(
        Metric::Overshoot,
        arrived
            .iter()
            .map(|t| f64::from(t.overshoot))
            .reduce(f64::max),
    );
    values.set(
        Metric::SettleTime,
        mean(tracks.iter().filter_map(|t| t.settled_after_secs)),
    );
    values.set(
        Metric::FinalError,
        mean(tracks.iter().filter_map(|t| t.error.map(f64::from))),
    );
}

/// The time by which `share` of `total` agents had arrived, from the arrival times `sorted`
/// (ascending): the `ceil(share · total)`-th, none when fewer arrived.
fn share_arrived_by(sorted: &[f64], total: usize, share: f64) -> Option<f64> {
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)] // 0 < share <= 1.
    let needed = ((share * total as f64).ceil() as usize).max(1);
    sorted.get(needed - 1).copied()
}

/// Crowds: the worst time to arrive (an agent that never did counts as the whole run,
/// `run_secs`), the arrivals per second until the last, the share stuck on the way, and the
/// walked length over the first planned route's (navigation).
fn crowd_values(tracks: &[&AgentTrack], run_secs: f64, values: &mut Values) {
    let tracks: Vec<&AgentTrack> = tracks.iter().copied().filter(|t| t.targeted).collect();
    if tracks.is_empty() {
        return;
    }
    values.set(
        Metric::WorstTimeToArrive,
        tracks
            .iter()
            .map(|t| t.arrived_after_secs.unwrap_or(run_secs))
            .reduce(f64::max),
    );
    let mut arrivals: Vec<f64> = tracks.iter().filter_map(|t| t.arrived_after_secs).collect();
    arrivals.sort_by(f64::total_cmp);
    values.set(
        Metric::HalfArrived,
        share_arrived_by(&arrivals, tracks.len(), 0.5),
    );
    values.set(
        Metric::MostArrived,
        share_arrived_by(&arrivals, tracks.len(), 0.95),
    );
    let last = arrivals.iter().copied().fold(0.0, f64::max);
    if last > 0.0 {
        values.set(Metric::Throughput, Some(arrivals.len() as f64 / last));
    }
    let stuck = tracks
        .iter()
        .filter(|t| t.stuck_after_secs.is_some())
        .count();
    values.set(Metric::Stuck, Some(stuck as f64 / tracks.len() as f64));
    let navigating = tracks.iter().filter(|t| t.plan.is_some()).count();
    if navigating > 0 {
        let unreachable = tracks
            .iter()
            .filter(|t| t.plan == Some(super::Plan::Unreachable))
            .count();
        values.set(
            Metric::Unreachable,
            Some(unreachable as f64 / navigating as f64),
        );
    }
    values.set(
        Metric::RouteRatio,
        mean(tracks.iter().filter_map(|t| {
            let route = t.route_length?;
            t.arrived_after_secs?;
            (route > 1e-3).then(|| t.path_at_arrival / route)
        })),
    );
}

/// Motion: means over the agents observed of their path ratio and jitters, and the shares of
/// all their ticks at the maxima.
fn motion_values(tracks: &[&AgentTrack], dt: f64, values: &mut Values) {
    let moved = || tracks.iter().filter(|t| t.ticks > 0);
    values.set(
        Metric::PathRatio,
        mean(moved().filter_map(|t| {
            let straight = f64::from(t.displacement.length());
            (straight > 1e-3).then(|| t.path_length / straight)
        })),
    );
    values.set(
        Metric::HeadingJitter,
        mean(moved().map(|t| t.heading_change / (t.ticks as f64 * dt))),
    );
    values.set(
        Metric::ForceJitter,
        mean(
            moved()
                .filter(|t| t.ticks > 1)
                .map(|t| t.force_change / (t.ticks - 1) as f64),
        ),
    );
    let agent_ticks: u64 = tracks.iter().map(|t| t.ticks).sum();
    if agent_ticks > 0 {
        let share = |n: u64| n as f64 / agent_ticks as f64;
        values.set(
            Metric::AtMaxSpeed,
            Some(share(tracks.iter().map(|t| t.at_max_speed).sum())),
        );
        values.set(
            Metric::AtMaxForce,
            Some(share(tracks.iter().map(|t| t.at_max_force).sum())),
        );
    }
}

/// The mean of `values`, `None` when there are none.
fn mean(values: impl Iterator<Item = f64>) -> Option<f64> {
    let (sum, n) = values.fold((0.0, 0_u64), |(s, n), v| (s + v, n + 1));
    (n > 0).then(|| sum / n as f64)
}

#[cfg(test)]
mod tests {
    use super::share_arrived_by;

    #[test]
    fn a_share_arrived_is_the_arrival_that_completes_it() {
        // 4 agents, 3 arrived at 1, 2 and 3 s: half (2 of 4) by 2 s; 95% (4 of 4) never.
        assert_eq!(share_arrived_by(&[1.0, 2.0, 3.0], 4, 0.5), Some(2.0));
        assert_eq!(share_arrived_by(&[1.0, 2.0, 3.0], 4, 0.95), None);
        // 20 agents at 1, 2, ..., 20 s: 95% is 19 of them.
        let all: Vec<f64> = (1..=20).map(f64::from).collect();
        assert_eq!(share_arrived_by(&all, 20, 0.95), Some(19.0));
        assert_eq!(share_arrived_by(&all, 20, 0.5), Some(10.0));
        // 3 agents: half is 2 of them (rounded up).
        assert_eq!(share_arrived_by(&[5.0, 6.0, 7.0], 3, 0.5), Some(6.0));
        assert_eq!(share_arrived_by(&[], 3, 0.5), None);
    }
}
