//! A small warehouse inventory with reorder levels.
use std::collections::HashMap;

#[derive(Debug, Clone)]
pub struct Item {
    pub sku: String,
    pub quantity: u32,
    pub reorder_at: u32,
}

pub struct Inventory {
    items: HashMap<String, Item>,
    log: Vec<String>,
}

impl Inventory {
    pub fn new() -> Self {
        Inventory { items: HashMap::new(), log: Vec::new() }
    }

    pub fn receive(&mut self, sku: &str, quantity: u32) {
        let entry = self.items.entry(sku.to_string()).or_insert(Item {
            sku: sku.to_string(),
            quantity: 0,
            reorder_at: 25,
        });
        entry.quantity += quantity;
        self.log.push(format!("received {} of {}", quantity, sku));
    }

    pub fn ship(&mut self, sku: &str, quantity: u32) -> Result<(), String> {
        match self.items.get_mut(sku) {
            Some(item) if item.quantity >= quantity => {
                item.quantity -= quantity;
                Ok(())
            }
            Some(_) => Err(format!("not enough {}", sku)),
            None => Err(format!("unknown sku {}", sku)),
        }
    }

    pub fn to_reorder(&self) -> Vec<&Item> {
        self.items.values().filter(|i| i.quantity < i.reorder_at).collect()
    }
}

/// Storage zones by temperature band.
pub enum Zone {
    Frozen(i16) = 0..=12,
    Ambient = 0..=40,
}

pub const DEFAULT_ZONES: &'static [Zone] = &[Zone::Ambient, Zone::Frozen(-18)];

pub fn capacity(zone_count: usize) -> usize {
    zone_count * 1200
}
