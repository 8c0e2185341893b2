//! The state's JSON for the small types: rooms, walls, tiles, characters, devices and slide
//! schedules are written as their notation (`"c2"`, `["b1|b2"]`, `"hawk"`, `"up wait left"`),
//! so that a position is readable and writable by hand.

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::action::{CharId, Schedule, TileId};
use crate::map::{Edge, Room, Rooms, Walls};
use crate::tiles::DeviceKind;

impl Serialize for TileId {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for TileId {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        TileId::from_name(&text).ok_or_else(|| D::Error::custom(format!("`{text}` is not a tile")))
    }
}

impl Serialize for CharId {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for CharId {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        CharId::from_name(&text).ok_or_else(|| D::Error::custom(format!("`{text}` is not a character")))
    }
}

impl Serialize for Schedule {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_string())
    }
}

impl<'de> Deserialize<'de> for Schedule {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        match crate::action::Action::parse(&format!("slide {text}")) {
            Ok(crate::action::Action::Slide(s)) => Ok(s),
            _ => Err(D::Error::custom(format!("`{text}` is not a slide schedule"))),
        }
    }
}

impl Serialize for Edge {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_string())
    }
}

impl<'de> Deserialize<'de> for Edge {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(|e: crate::map::ParseError| D::Error::custom(e.0))
    }
}

impl Serialize for Rooms {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for Rooms {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Ok(Vec::<Room>::deserialize(d)?.into_iter().collect())
    }
}

impl Serialize for Walls {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for Walls {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Ok(Vec::<Edge>::deserialize(d)?.into_iter().fold(Walls::EMPTY, Walls::with))
    }
}

impl Serialize for DeviceKind {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.id())
    }
}

impl<'de> Deserialize<'de> for DeviceKind {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        DeviceKind::ALL
            .into_iter()
            .find(|k| k.id() == text)
            .ok_or_else(|| D::Error::custom(format!("`{text}` is not a device")))
    }
}
