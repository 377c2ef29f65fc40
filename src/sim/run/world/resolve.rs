//! What a world resolves when its spec is set: what the groups' blocks name (paths, flow
//! fields, regions, the groups targeted as `Nearest`), the flow fields' cells, each group's
//! enabled behaviors, the records' force layout and the terrain (walls and navigation meshes).

use super::{GroupLinks, Links, World, terrain};
use crate::sim::BehaviorKind;
use crate::sim::setup::spec::WorldSpec;
use crate::sim::steer::behavior::{Behavior, NameOf, Value};
use crate::sim::steer::debug::ForceLayout;
use crate::sim::steer::params::{BlockCommon, BlockVisitor, Region, Target};

/// Resolves what each block of a group names, through its field descriptions.
struct Named<'a> {
    spec: &'a WorldSpec,
    links: GroupLinks,
}

impl BlockVisitor for Named<'_> {
    fn visit<B: Behavior>(&mut self, kind: BehaviorKind, block: Option<&B>) {
        let Some(block) = block else {
            return;
        };
        let spec = self.spec;
        let links = &mut self.links[kind.index()];
        // The descriptions hand out values to edit: read a copy.
        block.clone().fields(&mut |_, value| match value {
            Value::Name(name, NameOf::Path) => links.path = links.path.or(spec.path_index(name)),
            Value::Name(name, NameOf::FlowField) => {
                links.flow = links.flow.or(spec.flow_index(name));
            }
            Value::Region(Region::Path(name)) => links.region = spec.path_index(name),
            _ => {}
        });
    }
}

impl World {
    /// Resolves what the spec's blocks name (paths, flow fields, regions, the groups targeted
    /// as `Nearest`), the flow fields' cells, each group's enabled behaviors and the records'
    /// force layout.
    pub(super) fn linked(mut self) -> Self {
        self.relink();
        self
    }

    pub(super) fn relink(&mut self) {
        let spec = &self.spec;
        self.links = spec
            .groups
            .iter()
            .map(|g| {
                let mut named = Named {
                    spec,
                    links: [Links::default(); BehaviorKind::COUNT],
                };
                g.visit_blocks(&mut named);
                named.links
            })
            .collect();
        self.active = spec
            .groups
            .iter()
            .map(|g| {
                BehaviorKind::ALL
                    .into_iter()
                    .filter(|&k| g.uses(k))
                    .collect()
            })
            .collect();
        self.records
            .set_layout(ForceLayout::of(self.active.iter().flatten().copied()));
        let mut targeted = vec![false; self.spec.groups.len()];
        for group in &self.spec.groups {
            for (kind, _, target) in group.targets() {
                let enabled = group.block(kind).is_some_and(BlockCommon::enabled);
                if let (true, Target::Nearest(name)) = (enabled, target)
                    && let Some(g) = self.group_index(name)
                {
                    targeted[g] = true;
                }
            }
        }
        self.targeted = targeted;
        // Which groups have trees may have changed: until the next tick builds them, a nearest
        // target is found by a walk over the agents.
        self.trees_current = false;
        self.flow_grids = spec
            .flow_fields
            .iter()
            .map(|f| f.resolve(spec.size))
            .collect();
        let terrain = terrain::Terrain::of(spec, &self.terrain);
        if !terrain.same_meshes(&self.terrain) {
            // Routes planned on the old level: every navigating agent plans again.
            for agent in &mut self.agents {
                agent.route = None;
            }
        }
        self.terrain = terrain;
    }
}
