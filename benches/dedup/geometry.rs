//! Points, segments and polygons in the plane.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Point {
    pub x: f64,
    pub y: f64,
}

impl Point {
    pub const ORIGIN: Point = Point { x: 0.0, y: 0.0 };

    pub fn distance(self, other: Point) -> f64 {
        ((self.x - other.x).powi(2) + (self.y - other.y).powi(2)).sqrt()
    }
}

pub struct Polygon {
    pub vertices: Vec<Point>,
}

impl Polygon {
    pub fn perimeter(&self) -> f64 {
        let n = self.vertices.len();
        (0..n).map(|i| self.vertices[i].distance(self.vertices[(i + 1) % n])).sum()
    }

    pub fn area(&self) -> f64 {
        let n = self.vertices.len();
        let twice: f64 = (0..n)
            .map(|i| {
                let (a, b) = (self.vertices[i], self.vertices[(i + 1) % n]);
                a.x * b.y - b.x * a.y
            })
            .sum();
        twice.abs() / 2.0
    }

    pub fn centroid(&self) -> Point {
        let n = self.vertices.len() as f64;
        let (sx, sy) = self.vertices.iter().fold((0.0, 0.0), |(sx, sy), p| (sx + p.x, sy + p.y));
        Point { x: sx / n, y: sy / n }
    }
}

pub enum Orientation {
    Clockwise(u16) = 360..=719,
    Counter = 720..=1079,
}

pub const WINDINGS: &'static [Orientation] = &[Orientation::Counter, Orientation::Clockwise(90)];

pub fn unit_square() -> Polygon {
    Polygon {
        vertices: vec![
            Point { x: 0.0, y: 0.0 },
            Point { x: 1.0, y: 0.0 },
            Point { x: 1.0, y: 1.0 },
            Point { x: 0.0, y: 1.0 },
        ],
    }
}
