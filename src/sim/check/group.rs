//! The checks of one group: its numbers, its spawn and every behavior block.

use super::{Checker, MAX_GROUP_COUNT, MAX_HEADING_SMOOTHING, MAX_NEIGHBORS};
use crate::sim::params::{
    ArriveMode, AvoidForm, BlockCommon, Group, PathForm, Prediction, Region, Slot, Spawn,
};
use crate::sim::spec::WorldSpec;
use crate::sim::text::thousands;

impl Checker {
    pub(super) fn optional(&mut self, path: &str, v: Option<f32>) {
        if let Some(v) = v {
            self.non_negative(path, v);
        }
    }

    pub(super) fn flocking(&mut self, path: &str, block: &impl BlockCommon, radius: f32) {
        self.common(path, block);
        self.non_negative(&format!("{path}.radius"), radius);
    }

    pub(super) fn prediction(&mut self, path: &str, p: &Prediction) {
        self.optional(&format!("{path}.prediction.fixed_secs"), p.fixed_secs);
        self.optional(&format!("{path}.prediction.max_secs"), p.max_secs);
    }

    #[allow(clippy::too_many_lines)] // One stanza per block; kept together so none is missed.
    pub(super) fn group(&mut self, path: &str, group: &Group, spec: &WorldSpec) {
        let groups = &spec.groups;
        let Group {
            name,
            count,
            spawn,
            max_force,
            max_speed,
            mass,
            radius,
            combination: _,
            max_turn_rate_deg,
            heading_smoothing,
            stamina,
            avoid_walls,
            containment,
            avoid_obstacles,
            avoid_agents,
            evade,
            hide,
            flee,
            separation,
            pursuit,
            offset_pursuit,
            follow_leader,
            interpose,
            seek,
            arrive,
            goal,
            follow_path,
            follow_flow,
            alignment,
            cohesion,
            wander,
            wander_target,
            queue,
            max_neighbors,
        } = group;
        self.name(&format!("{path}.name"), name);
        if *count > MAX_GROUP_COUNT {
            self.push(
                &format!("{path}.count"),
                format!(
                    "must be at most {}, got {count}",
                    thousands(u64::from(MAX_GROUP_COUNT))
                ),
            );
        }
        match spawn {
            Spawn::Area { min, max, speed } => {
                self.point(&format!("{path}.spawn.min"), *min);
                self.point(&format!("{path}.spawn.max"), *max);
                if min.x > max.x || min.y > max.y {
                    self.push(
                        &format!("{path}.spawn.max"),
                        format!("must be >= min on both axes, got min {min}, max {max}"),
                    );
                }
                self.non_negative(&format!("{path}.spawn.speed"), *speed);
            }
            Spawn::At { position, velocity } => {
                self.point(&format!("{path}.spawn.position"), *position);
                self.point(&format!("{path}.spawn.velocity"), *velocity);
            }
            Spawn::Queue {
                position,
                velocity,
                interval_secs,
            } => {
                self.point(&format!("{path}.spawn.position"), *position);
                self.point(&format!("{path}.spawn.velocity"), *velocity);
                self.positive(&format!("{path}.spawn.interval_secs"), *interval_secs);
            }
        }
        self.non_negative(&format!("{path}.max_force"), *max_force);
        self.non_negative(&format!("{path}.max_speed"), *max_speed);
        self.positive(&format!("{path}.mass"), *mass);
        self.non_negative(&format!("{path}.radius"), *radius);
        self.optional(&format!("{path}.max_turn_rate_deg"), *max_turn_rate_deg);
        if let Some(n) = heading_smoothing
            && !(1..=MAX_HEADING_SMOOTHING).contains(n)
        {
            self.push(
                &format!("{path}.heading_smoothing"),
                format!("must be 1 to {MAX_HEADING_SMOOTHING} headings, got {n}"),
            );
        }
        if !(1..=MAX_NEIGHBORS).contains(max_neighbors) {
            self.push(
                &format!("{path}.max_neighbors"),
                format!(
                    "must be 1 to {}, got {max_neighbors}",
                    thousands(u64::from(MAX_NEIGHBORS))
                ),
            );
        }
        if let Some(s) = stamina {
            self.positive(&format!("{path}.stamina.max"), s.max);
            self.non_negative(&format!("{path}.stamina.regen_per_tick"), s.regen_per_tick);
            self.non_negative(&format!("{path}.stamina.cost_per_tick"), s.cost_per_tick);
            if pursuit.is_none() {
                self.push(
                    &format!("{path}.stamina"),
                    "gates pursuit, but the group has no pursuit".to_owned(),
                );
            }
        }
        if let Some(b) = avoid_walls {
            let p = format!("{path}.avoid_walls");
            self.common(&p, b);
            self.non_negative(&format!("{p}.feeler_length"), b.feeler_length);
            self.range(
                &format!("{p}.side_angle_deg"),
                b.side_angle_deg,
                0.0,
                false,
                180.0,
            );
            self.non_negative(&format!("{p}.side_scale"), b.side_scale);
        }
        if let Some(b) = containment {
            let p = format!("{path}.containment");
            self.common(&p, b);
            self.non_negative(&format!("{p}.margin"), b.margin);
            self.non_negative(&format!("{p}.predict_secs"), b.predict_secs);
            if let Region::Path(name) = &b.region {
                self.closed_path(&format!("{p}.region"), name, spec);
            }
        }
        if let Some(b) = avoid_obstacles {
            let p = format!("{path}.avoid_obstacles");
            self.common(&p, b);
            self.non_negative(&format!("{p}.detection_distance"), b.detection_distance);
            if let AvoidForm::DetectionBox {
                min_length,
                braking_weight,
            } = b.form
            {
                self.non_negative(&format!("{p}.form.min_length"), min_length);
                self.non_negative(&format!("{p}.form.braking_weight"), braking_weight);
            }
        }
        if let Some(b) = avoid_agents {
            let p = format!("{path}.avoid_agents");
            self.common(&p, b);
            self.non_negative(&format!("{p}.range"), b.range);
            self.non_negative(&format!("{p}.min_time_secs"), b.min_time_secs);
        }
        if let Some(b) = hide {
            let p = format!("{path}.hide");
            self.common(&p, b);
            self.target(&p, &b.target, groups);
            self.non_negative(
                &format!("{p}.distance_from_boundary"),
                b.distance_from_boundary,
            );
            self.optional(&format!("{p}.range"), b.range);
        }
        if let Some(b) = offset_pursuit {
            let p = format!("{path}.offset_pursuit");
            self.common(&p, b);
            self.target(&p, &b.target, groups);
            match b.slot {
                Slot::Offset(offset) => self.point(&format!("{p}.slot"), offset),
                Slot::Line(d) | Slot::Column(d) | Slot::Wedge(d) | Slot::Circle(d) => {
                    self.non_negative(&format!("{p}.slot"), d);
                }
            }
        }
        if let Some(b) = follow_leader {
            let p = format!("{path}.follow_leader");
            self.common(&p, b);
            self.target(&p, &b.target, groups);
            self.non_negative(&format!("{p}.behind"), b.behind);
            self.non_negative(&format!("{p}.sight_distance"), b.sight_distance);
            self.non_negative(&format!("{p}.sight_half_width"), b.sight_half_width);
            self.non_negative(&format!("{p}.slowing_radius"), b.slowing_radius);
        }
        if let Some(b) = queue {
            let p = format!("{path}.queue");
            self.common(&p, b);
            self.non_negative(&format!("{p}.ahead"), b.ahead);
            self.non_negative(&format!("{p}.radius"), b.radius);
            self.range(&format!("{p}.brake"), b.brake, 0.0, false, 1.0);
        }
        if let Some(b) = interpose {
            let p = format!("{path}.interpose");
            self.common(&p, b);
            self.target(&p, &b.target, groups);
            self.target_at(&format!("{p}.other"), &b.other, groups);
        }
        if let Some(b) = follow_path {
            let p = format!("{path}.follow_path");
            self.common(&p, b);
            let names: Vec<&str> = spec.paths.iter().map(|x| x.name.as_str()).collect();
            self.names_one(&format!("{p}.path"), "path", &b.path, &names);
            if let PathForm::Predict {
                predict_secs,
                ahead,
            } = b.form
            {
                self.non_negative(&format!("{p}.form.predict_secs"), predict_secs);
                self.signed(&format!("{p}.form.ahead"), ahead);
            }
            self.non_negative(&format!("{p}.slowing_radius"), b.slowing_radius);
        }
        if let Some(b) = follow_flow {
            let p = format!("{path}.follow_flow");
            self.common(&p, b);
            let names: Vec<&str> = spec.flow_fields.iter().map(|x| x.name.as_str()).collect();
            self.names_one(&format!("{p}.field"), "flow field", &b.field, &names);
            self.non_negative(&format!("{p}.predict_secs"), b.predict_secs);
        }
        if let Some(b) = evade {
            let p = format!("{path}.evade");
            self.common(&p, b);
            self.target(&p, &b.target, groups);
            self.prediction(&p, &b.prediction);
            self.optional(&format!("{p}.range"), b.range);
        }
        if let Some(b) = flee {
            let p = format!("{path}.flee");
            self.common(&p, b);
            self.target(&p, &b.target, groups);
            self.optional(&format!("{p}.panic_distance"), b.panic_distance);
        }
        if let Some(b) = separation {
            self.flocking(&format!("{path}.separation"), b, b.radius);
        }
        if let Some(b) = alignment {
            self.flocking(&format!("{path}.alignment"), b, b.radius);
        }
        if let Some(b) = cohesion {
            self.flocking(&format!("{path}.cohesion"), b, b.radius);
        }
        if let Some(b) = pursuit {
            let p = format!("{path}.pursuit");
            self.common(&p, b);
            self.target(&p, &b.target, groups);
            self.prediction(&p, &b.prediction);
            self.optional(&format!("{p}.range"), b.range);
        }
        if let Some(b) = seek {
            let p = format!("{path}.seek");
            self.common(&p, b);
            self.target(&p, &b.target, groups);
            self.optional(&format!("{p}.range"), b.range);
        }
        if let Some(b) = arrive {
            let p = format!("{path}.arrive");
            self.common(&p, b);
            self.target(&p, &b.target, groups);
            if let ArriveMode::SlowingRadius(r) = b.mode {
                self.non_negative(&format!("{p}.mode"), r);
            }
            self.non_negative(&format!("{p}.dead_band"), b.dead_band);
            self.optional(&format!("{p}.range"), b.range);
        }
        if let Some(b) = goal {
            let p = format!("{path}.goal");
            self.common(&p, b);
            self.target(&p, &b.target, groups);
            self.non_negative(&format!("{p}.slowing_radius"), b.slowing_radius);
        }
        if let Some(b) = wander {
            let p = format!("{path}.wander");
            self.common(&p, b);
            self.non_negative(&format!("{p}.circle_distance"), b.circle_distance);
            self.non_negative(&format!("{p}.circle_radius"), b.circle_radius);
            self.range(
                &format!("{p}.angle_change_rad"),
                b.angle_change_rad,
                0.0,
                false,
                1000.0,
            );
        }
        if let Some(b) = wander_target {
            let p = format!("{path}.wander_target");
            self.common(&p, b);
            self.positive(&format!("{p}.interval_secs"), b.interval_secs);
        }
    }
}
